// StrykerJS over the server's money steps (issue 22): what values positions and funds, closes,
// releases reserves, stops out and protects (trading steps), the policy every command passes
// and the trigger fills (trading commands), the withdrawal hold, approval, return and payout,
// and the deposit credit. Their suites run on SQLite only here (PostgreSQL runs the same code
// through the same tests in CI); the stop-out storm runs at 150 accounts.
export default {
  testRunner: 'vitest',
  // The suites reach the steps through buildApp, not by importing them: no `related` filter.
  vitest: { configFile: 'mutation/vitest.money.config.ts', dir: '.', related: false },
  mutate: [
    'packages/server/src/domains/trading/trading-steps.ts:50-131',
    'packages/server/src/domains/trading/trading-steps.ts:145-225',
    'packages/server/src/domains/trading/trading-commands.ts:56-72',
    'packages/server/src/domains/trading/trading-commands.ts:157-208',
    'packages/server/src/domains/funding/withdrawals.service.ts:161-359',
    'packages/server/src/domains/funding/deposits.service.ts:285-300',
    'packages/server/src/domains/funding/deposit-credit.ts:87-139',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/money.html' },
  jsonReporter: { fileName: 'reports/mutation/money.json' },
  tempDirName: '.stryker-tmp',
  // Anchored at the root: an unanchored 'docs' would drop packages/server/src/platform/docs too.
  ignorePatterns: [
    '/data',
    '/reports',
    '/packages/web/dist',
    '/packages/admin/dist',
    '/e2e',
    '/bench',
    '/docs',
  ],
};
