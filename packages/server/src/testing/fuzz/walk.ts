// The walk itself: every planned case in turn, with a tally of what each endpoint answered,
// so that the test can tell an endpoint the walk never got past the door of.
import type { EndpointName } from '@tradedesk/contract';
import type { FuzzCase } from './cases.ts';
import { type Finding, runCase } from './run-case.ts';
import type { World } from './world.ts';

/** Per endpoint: how many answers of each code, "(no valid token)" when sent without one. */
export type Answers = Map<EndpointName, Map<string, number>>;

export async function runWalk(
  w: World,
  cases: readonly FuzzCase[],
): Promise<{ findings: Finding[]; answers: Answers }> {
  const findings: Finding[] = [];
  const answers: Answers = new Map();
  for (const c of cases) {
    const outcome = await runCase(w, c);
    findings.push(...outcome.findings);
    const byCode = answers.get(c.endpoint) ?? new Map<string, number>();
    const key = `${outcome.code ?? `HTTP ${outcome.status}`}${c.auth === 'demo' || c.auth === 'real' ? '' : ' (no valid token)'}`;
    byCode.set(key, (byCode.get(key) ?? 0) + 1);
    answers.set(c.endpoint, byCode);
  }
  return { findings, answers };
}

/** The tally as lines, one per endpoint: "  login: 1×5 1000×8 …". */
export function answersText(answers: Answers): string {
  return [...answers]
    .map(
      ([endpoint, byCode]) =>
        `  ${endpoint}: ${[...byCode].map(([k, n]) => `${k}×${n}`).join(' ')}`,
    )
    .join('\n');
}
