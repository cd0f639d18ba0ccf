import { defineConfig } from 'vitest/config';

/**
 * The suites that guard the server's money steps, for StrykerJS: trading (orders, pending
 * fills and exits, stop-out and its storm, MT5 conversion, the random-session property) and
 * funding (deposits, withdrawals, the free-margin rule), the group commit, and copy trading
 * (mirroring, retries, the random-session property).
 */
export default defineConfig({
  test: {
    include: [
      'packages/server/src/domains/trading/stop-out.api.test.ts',
      'packages/server/src/domains/trading/stop-out-storm.api.test.ts',
      'packages/server/src/domains/trading/mt5-conversion.api.test.ts',
      'packages/server/src/domains/trading/market-orders.api.test.ts',
      'packages/server/src/domains/trading/pending-and-triggers.api.test.ts',
      'packages/server/src/domains/trading/fire-trigger.api.test.ts',
      'packages/server/src/domains/trading/account-orders.api.test.ts',
      'packages/server/src/domains/trading/trading.api.test.ts',
      'packages/server/src/domains/trading/trading.property.api.test.ts',
      'packages/server/src/domains/funding/withdrawals.api.test.ts',
      'packages/server/src/domains/funding/withdrawal-margin.api.test.ts',
      'packages/server/src/domains/funding/deposits.api.test.ts',
      'packages/server/src/platform/core/group-commit.api.test.ts',
      'packages/server/src/platform/core/group-commit-rules.api.test.ts',
      'packages/server/src/domains/copying/copying.api.test.ts',
      'packages/server/src/domains/copying/copy-signals-retries.api.test.ts',
      'packages/server/src/domains/copying/copying.property.api.test.ts',
    ],

    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
