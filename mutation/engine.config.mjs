// StrykerJS over the engine (issue 22): would the engine's tests notice a wrong line?
// `npm run mutate` runs this, then money.config.mjs. Reports land in reports/mutation/.
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'mutation/vitest.engine.config.ts', dir: '.' },
  mutate: [
    'packages/engine/src/**/*.ts',
    '!packages/engine/src/**/*.test.ts',
    '!packages/engine/src/scenarios/**',
    '!packages/engine/src/index.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/engine.html' },
  jsonReporter: { fileName: 'reports/mutation/engine.json' },
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
  thresholds: { high: 95, low: 90, break: 90 },
};
