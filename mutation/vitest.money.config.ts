import { defineConfig } from 'vitest/config';

/**
 * The suites that guard the server's money steps, for StrykerJS: trading (orders, pending
 * fills and exits, stop-out and its storm, MT5 conversion, the random-session property) and
 * funding (deposits, withdrawals, the free-margin rule).
 */
export default defineConfig({
  test: {
    include: [
      'packages/server/src/domains/trading/{stop-out,stop-out-storm,mt5-conversion,market-orders,pending-and-triggers,trading,trading.property}.api.test.ts',
      'packages/server/src/domains/funding/{withdrawals,withdrawal-margin,deposits}.api.test.ts',
    ],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
