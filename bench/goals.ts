import fs from 'node:fs';

// The goals the issues set for the benches, each measured against a baseline of the same run.
// A bench states each figure it has a goal for here; `npm run bench` (scripts/bench.mjs)
// gathers them in the file BENCH_SUMMARY names and prints them on one screen at the end.

/** A figure and the goal it is measured against. */
export interface GoalResult {
  bench: string;
  name: string;
  value: number;
  /** `atLeast`: value ≥ target passes; `atMost`: value ≤ target passes. */
  kind: 'atLeast' | 'atMost';
  target: number;
  unit: string;
  passed: boolean;
}

/** States a figure against its goal; appended to BENCH_SUMMARY when the whole suite runs. */
export function reportGoal(
  bench: string,
  name: string,
  value: number,
  goal: { atLeast: number } | { atMost: number },
  unit = '×',
): GoalResult {
  const kind = 'atLeast' in goal ? 'atLeast' : 'atMost';
  const target = 'atLeast' in goal ? goal.atLeast : goal.atMost;
  const result: GoalResult = {
    bench,
    name,
    value,
    kind,
    target,
    unit,
    passed: kind === 'atLeast' ? value >= target : value <= target,
  };
  const file = process.env.BENCH_SUMMARY;
  if (file) fs.appendFileSync(file, `${JSON.stringify(result)}\n`);
  return result;
}

/** One line per goal: what was measured, the goal, pass or fail. */
export function formatGoals(results: readonly GoalResult[]): string[] {
  const figure = (n: number, unit: string) =>
    `${n.toFixed(unit === '×' ? 2 : 0)}${unit === '×' ? '×' : ` ${unit}`}`;
  return results.map(
    (r) =>
      `${r.passed ? 'pass' : 'FAIL'}  ${`${r.bench}: ${r.name}`.padEnd(62)} ${figure(r.value, r.unit).padStart(10)}  goal ${r.kind === 'atLeast' ? '≥' : '≤'} ${figure(r.target, r.unit)}`,
  );
}
