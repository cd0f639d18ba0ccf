// Grouping findings into defects, and shrinking the first of each group against the running
// app to the causes it needs, so that a report shows the smallest request that fails.

import type { FuzzCase } from './cases.ts';
import { canonicalTransport, causesOf } from './causes.ts';
import { type Finding, runCase } from './run-case.ts';
import type { World } from './world.ts';

/** Requests the shrinking of failures may spend, per dialect. */
const SHRINK_BUDGET = 400;

/** One group of findings: its shrunk example and how many findings it explains. */
export interface Defect {
  signature: string;
  example: Finding;
  shrunk: boolean;
  count: number;
}

function simplerCases(c: FuzzCase): FuzzCase[] {
  const out: FuzzCase[] = [];
  if (c.lang !== 'en') out.push({ ...c, lang: 'en' });
  if (c.idempotency !== undefined) out.push({ ...c, idempotency: undefined });
  if (c.garbageBody !== undefined) out.push({ ...c, garbageBody: undefined });
  if (c.wrongMethod) out.push({ ...c, wrongMethod: false });
  if (causesOf(c).some((cause) => cause.startsWith('via ') || cause.startsWith('content-type')))
    out.push({ ...c, transport: canonicalTransport(c), contentVariant: 0 });
  if (c.cacheBust) out.push({ ...c, cacheBust: false });
  for (let i = 0; i < c.mutations.length; i++)
    out.push({ ...c, mutations: c.mutations.filter((_m, j) => j !== i) });
  return out;
}

/** Greedily drops what the failure does not need, re-running each try against the app. */
async function shrink(w: World, finding: Finding, budget: { left: number }): Promise<Finding> {
  let best = finding;
  let progress = true;
  while (progress && budget.left > 0) {
    progress = false;
    for (const simpler of simplerCases(best.case)) {
      if (budget.left-- <= 0) break;
      const again = (await runCase(w, simpler)).findings.find(
        (f) => f.signature === finding.signature,
      );
      if (again) {
        best = again;
        progress = true;
        break;
      }
    }
  }
  return best;
}

/** Groups findings by signature; within one, up to 3 causes that explain different members. */
export async function groupDefects(w: World, findings: Finding[]): Promise<Defect[]> {
  const bySignature = new Map<string, Finding[]>();
  for (const f of findings)
    bySignature.set(f.signature, [...(bySignature.get(f.signature) ?? []), f]);
  const budget = { left: SHRINK_BUDGET };
  const defects: Defect[] = [];
  for (const [signature, members] of bySignature) {
    let rest = members;
    for (let round = 0; round < 3 && rest.length > 0; round++) {
      const example = await shrink(w, rest[0]!, budget);
      const causes = causesOf(example.case);
      const explained = rest.filter((f) => {
        const own = new Set(causesOf(f.case));
        return f === rest[0] || causes.every((cause) => own.has(cause));
      });
      defects.push({ signature, example, shrunk: example !== rest[0], count: explained.length });
      rest = rest.filter((f) => !explained.includes(f));
    }
    if (rest.length > 0) defects[defects.length - 1]!.count += rest.length;
  }
  return defects;
}
