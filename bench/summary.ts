// The last step of `npm run bench`: every goal the benches stated (BENCH_SUMMARY), on one
// screen, pass or fail.
import fs from 'node:fs';
import { formatGoals, type GoalResult } from './goals.ts';

const file = process.env.BENCH_SUMMARY;
const results: GoalResult[] =
  file && fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => JSON.parse(line) as GoalResult)
    : [];
const passed = results.filter((r) => r.passed).length;
console.info(
  `\nGoals (${passed} of ${results.length} met; each a ratio or bound within its own run)`,
);
for (const line of formatGoals(results)) console.info(line);
