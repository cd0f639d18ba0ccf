// The failure message of a test: one entry per distinct defect, with where it shows, its
// headline, a reproduction, and the seed to replay it.
import { ENDPOINTS } from '@tradedesk/contract';
import { causesOf } from './causes.ts';
import type { Kind } from './run-case.ts';
import type { Defect } from './shrink.ts';

/** How to run the same walk again: FUZZ_SEED and FUZZ_RUNS. */
export interface Replay {
  seed: number;
  runs: number;
}

/**
 * One entry per distinct defect: shrunk examples of the same kind, detail and needs are one
 * defect however many endpoints show it (an odd lang header breaks them all alike). Empty
 * when no defect is of these kinds.
 */
export function report(
  dialect: string,
  kinds: Kind[],
  defects: Defect[],
  requests: number,
  replay: Replay,
): string {
  const merged = new Map<string, Defect[]>();
  for (const d of defects) {
    if (!kinds.includes(d.example.kind)) continue;
    const key = `${d.example.kind} | ${d.example.detail} | needs ${causesOf(d.example.case).join(', ') || 'nothing odd'}`;
    merged.set(key, [...(merged.get(key) ?? []), d]);
  }
  if (merged.size === 0) return '';
  const lines = [
    `${merged.size} distinct defect(s) on ${dialect} in ${requests} requests; replay with FUZZ_SEED=${replay.seed} FUZZ_RUNS=${replay.runs}`,
  ];
  [...merged].forEach(([key, group], i) => {
    const first = group[0]!;
    const c = first.example.case;
    const where = group.map((d) => `${d.example.case.endpoint} ×${d.count}`);
    lines.push(
      '',
      `${i + 1}. [${key}]`,
      `    on ${[...new Set(where)].join(', ')}`,
      `    ${first.example.headline}`,
      `    e.g. ${c.endpoint} (access ${ENDPOINTS[c.endpoint].access}) with authorization ${c.auth}, case #${c.index}${first.shrunk ? ' shrunk' : ''}:`,
      first.example.reproduction,
    );
  });
  return lines.join('\n');
}
