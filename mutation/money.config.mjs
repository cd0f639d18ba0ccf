// StrykerJS over the server's money steps (issue 22): trading steps and commands (open,
// close, fills, stop-out, funds), withdrawals and deposits. Their suites
// run on SQLite only here (PostgreSQL runs the same code through the same tests in CI);
// the stop-out storm runs at 150 accounts.
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'mutation/vitest.money.config.ts', dir: '.' },
  mutate: [
    'packages/server/src/domains/trading/trading-steps.ts',
    'packages/server/src/domains/trading/trading-commands.ts',
    'packages/server/src/domains/funding/withdrawals.service.ts',
    'packages/server/src/domains/funding/deposits.service.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/money.html' },
  jsonReporter: { fileName: 'reports/mutation/money.json' },
  tempDirName: '.stryker-tmp',
  ignorePatterns: [
    'data',
    'reports',
    'packages/web/dist',
    'packages/admin/dist',
    'e2e',
    'bench',
    'docs',
  ],
};
