import { defineConfig } from 'vitest/config';

/**
 * The suites that guard the server's money steps, for StrykerJS: trading (orders, pending
 * fills and exits, stop-out and its storm, MT5 conversion, memory read in place of the
 * database, order caps, closed markets, the random-session property), funding (deposits,
 * withdrawals, the free-margin rule, amount bounds, four eyes, notices, the random-session
 * property), the group commit and its rules, the command context, and copy trading
 * (mirroring, retries, sizing, refusals, consent, the back office, the random-session
 * property). Suites that start processes (crashes, clusters, two nodes) stay out: too slow to
 * run for every mutant.
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
      'packages/server/src/domains/trading/order-caps.api.test.ts',
      'packages/server/src/domains/trading/market-closed.api.test.ts',
      'packages/server/src/domains/funding/withdrawals.api.test.ts',
      'packages/server/src/domains/funding/withdrawal-margin.api.test.ts',
      'packages/server/src/domains/funding/deposits.api.test.ts',
      'packages/server/src/domains/funding/funding-amount-limits.api.test.ts',
      'packages/server/src/domains/funding/funding-four-eyes.api.test.ts',
      'packages/server/src/domains/funding/funding-notices.api.test.ts',
      'packages/server/src/domains/funding/funding.property.api.test.ts',
      'packages/server/src/platform/core/group-commit.api.test.ts',
      'packages/server/src/platform/core/group-commit-rules.api.test.ts',
      'packages/server/src/platform/core/command-context.api.test.ts',
      'packages/server/src/domains/copying/copying.api.test.ts',
      'packages/server/src/domains/copying/copy-signals-retries.api.test.ts',
      'packages/server/src/domains/copying/copying.property.api.test.ts',
      'packages/server/src/domains/copying/copy-sizing.test.ts',
      'packages/server/src/domains/copying/mirror-signal.api.test.ts',
      'packages/server/src/domains/copying/copy-refusals.api.test.ts',
      'packages/server/src/domains/copying/copy-consent.api.test.ts',
      'packages/server/src/domains/copying/copying.admin.api.test.ts',
    ],

    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
