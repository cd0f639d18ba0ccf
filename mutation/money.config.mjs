// StrykerJS over the server's money steps (issues 22 and 38): what values positions and funds,
// closes, releases reserves, stops out and protects (trading), the policy every command passes
// and the trigger fills, the withdrawal hold, approval, return and payout, the deposit credit,
// the group commit that makes every order durable, and copy trading's mirroring and its money
// between a follower and a copy account. Targets are named by function (function-targets.mjs):
// a renamed or moved function stops the run here, and function-targets.test.ts in `npm test`.
// Their suites run on SQLite only here (PostgreSQL runs the same code through the same tests
// in CI); the stop-out storm runs at 150 accounts.
import { mutateEntries } from './function-targets.mjs';

const TRADING = 'packages/server/src/domains/trading';
const FUNDING = 'packages/server/src/domains/funding';
const COPYING = 'packages/server/src/domains/copying';

export const MONEY_TARGETS = [
  {
    file: `${TRADING}/position-values.ts`,
    functions: ['pendingOf', 'valuePositions', 'figuresOver'],
  },
  {
    file: `${TRADING}/account-orders.ts`,
    functions: ['positionsOf', 'liveOrdersOf', 'fundsOver', 'fundsOf'],
  },
  {
    file: `${TRADING}/order-exits.ts`,
    functions: ['closeAtPrice', 'closeAtMarket', 'releaseReserve', 'withdrawPending'],
  },
  { file: `${TRADING}/close-position.ts`, functions: ['closePosition'] },
  { file: `${TRADING}/stop-out.ts`, functions: ['stopOut'] },
  { file: `${TRADING}/trading-policy.ts`, functions: ['beforeCommit', 'available', 'windDown'] },
  { file: `${TRADING}/fire-trigger.ts`, functions: ['fireTriggerCommand', 'fill'] },
  {
    file: `${FUNDING}/request-withdrawal.ts`,
    functions: ['hold', 'quoteWithin', 'checkDailyLimit'],
  },
  { file: `${FUNDING}/approve-withdrawal.ts`, functions: ['approve'] },
  { file: `${FUNDING}/reject-withdrawal.ts`, functions: ['rejectWithdrawal'] },
  { file: `${FUNDING}/pay-withdrawal.ts`, functions: ['payWithdrawal'] },
  {
    file: `${FUNDING}/decide-withdrawal.ts`,
    functions: ['decideWithdrawal', 'recordWithdrawalStep'],
  },
  {
    file: `${FUNDING}/deposit-credit.ts`,
    functions: ['recordDepositStep', 'depositCreditCommand'],
  },
  { file: `${FUNDING}/refuse-deposit.ts`, functions: ['refuse'] },
  {
    file: 'packages/server/src/platform/core/group-commit.ts',
    functions: ['isLockConflict', 'schedule', 'pump', 'runBatch', 'failBatch', 'submit'],
  },
  { file: `${COPYING}/mirror-signal.ts`, functions: ['mirrorOpen', 'mirrorSignal'] },
  { file: `${COPYING}/copy-sizing.ts`, functions: ['copyLots'] },
  { file: `${COPYING}/copy-money.ts`, functions: ['fundOut', 'fundIn', 'takeBack', 'receive'] },
];

export default {
  testRunner: 'vitest',
  // The suites reach the steps through buildApp, not by importing them: no `related` filter.
  vitest: { configFile: 'mutation/vitest.money.config.ts', dir: '.', related: false },
  mutate: mutateEntries(MONEY_TARGETS),
  coverageAnalysis: 'perTest',
  // Below 90 % the run fails (issue 38): a surviving mutant in money code is a missing test.
  thresholds: { high: 95, low: 90, break: 90 },
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
