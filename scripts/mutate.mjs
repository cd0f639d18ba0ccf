// npm run mutate: StrykerJS over the engine, then over the server's money steps (issue 22).
// Not part of CI's time budget; the scores go in the README. `npm run mutate -- engine` or
// `-- money` runs one of them.
import { spawnSync } from 'node:child_process';

const which = process.argv[2];
const runs = which ? [which] : ['engine', 'money'];
const env = {
  ...process.env,
  // The money suites on SQLite only: PostgreSQL runs the same steps in CI.
  TEST_DATABASE_URL: 'postgresql://127.0.0.1:1/mutation-runs-on-sqlite',
  CI: 'false',
  STORM_ACCOUNTS: '150',
  PROPERTY_RUNS: '5',
};
for (const run of runs) {
  const started = Date.now();
  const result = spawnSync('npx', ['stryker', 'run', `mutation/${run}.config.mjs`], {
    stdio: 'inherit',
    env,
  });
  // How long a run takes is part of its report (README, "Mutation testing").
  console.info(`mutation run ${run}: ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  // Non-zero also when the score is under the config's break threshold.
  if (result.status !== 0) process.exit(result.status ?? 1);
}
