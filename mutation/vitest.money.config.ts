import { defineConfig } from 'vitest/config';

/**
 * The suites that guard the server's money steps, for StrykerJS: trading (steps, commands,
 * stop-out, the storm at a smaller size), funding (deposits, withdrawals).
 */
export default defineConfig({
  test: {
    include: [
      'packages/server/src/domains/trading/*.test.ts',
      'packages/server/src/domains/funding/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
