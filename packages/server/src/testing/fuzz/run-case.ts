// Running one case against the app: prepare what it refers to, send it, and turn what came
// back (the answer, the state after it) into findings.
import { SUCCESS_CODE } from '@tradedesk/contract';
import type { FuzzCase } from './cases.ts';
import { clip } from './clip.ts';
import { envelopeProblem, type Reason, refusalReasons } from './expectations.ts';
import { prepare, refreshSessions, SESSION_ENDPOINTS } from './fixtures.ts';
import { type Rendered, render } from './requests.ts';
import {
  changesBetween,
  type PrototypeKeys,
  prototypeKeys,
  type Snapshot,
  snapshot,
  takeBackPrototypeKeys,
} from './state-snapshot.ts';
import type { World } from './world.ts';

export type Kind = 'envelope' | 'server-error' | 'state' | 'accepted';

export interface Finding {
  kind: Kind;
  /** What went wrong, without the endpoint: "HTTP 500", "orders, accounts", "number form: id". */
  detail: string;
  /** Findings of one signature are shrunk together: kind, endpoint and detail. */
  signature: string;
  headline: string;
  case: FuzzCase;
  reproduction: string;
}

export interface Outcome {
  status: number;
  code: number | undefined;
  findings: Finding[];
}

/** Everything one request left to judge. */
interface Observation {
  c: FuzzCase;
  r: Rendered;
  reasons: Reason[];
  status: number;
  body: string;
  before: Snapshot;
  after: Snapshot;
  prototypes: PrototypeKeys[];
}

export async function runCase(w: World, c: FuzzCase): Promise<Outcome> {
  const ctx = await prepare(w, c);
  if (w.stale) {
    await w.t.trading!.idle();
    w.before = await snapshot(w.t);
    w.stale = false;
  }
  const r = render(w, c, ctx);
  const reasons = refusalReasons(c, r);
  const prototypes = prototypeKeys();
  const { status, body } = await send(w, c, r);
  await w.t.trading!.idle();
  const after = await snapshot(w.t);
  const { code, findings } = judge({
    c,
    r,
    reasons,
    status,
    body,
    before: w.before,
    after,
    prototypes,
  });
  w.before = after;
  // Whatever the answer: a failing logout may have ended the session all the same.
  if (SESSION_ENDPOINTS.has(c.endpoint)) await refreshSessions(w);
  return { status, code, findings };
}

/** The answer; an inject that throws is reported through the body, as status 0. */
async function send(w: World, c: FuzzCase, r: Rendered): Promise<{ status: number; body: string }> {
  try {
    const response = await w.t.app.inject({
      method: r.method,
      url: r.url,
      headers: r.headers,
      remoteAddress: c.ip,
      ...(r.payload === undefined ? {} : { payload: r.payload }),
    });
    return { status: response.statusCode, body: response.body };
  } catch (error) {
    return { status: 0, body: `inject threw: ${String(error)}` };
  }
}

function judge(o: Observation): { code: number | undefined; findings: Finding[] } {
  const findings: Finding[] = [];
  const answer = `HTTP ${o.status} ${clip(o.body, 400)}`;
  const found = (kind: Kind, detail: string, headline: string) =>
    findings.push({
      kind,
      detail,
      signature: `${kind} | ${o.c.endpoint} | ${detail}`,
      headline,
      case: o.c,
      reproduction: `${o.r.shown}\n    answer: ${answer}`,
    });
  const { problem, code } = envelopeProblem(o.body);
  if (o.status >= 500) {
    const what = `HTTP ${o.status}${problem ? ` and ${problem}` : ''}`;
    found('server-error', what, what);
  } else if (problem) found('envelope', problem, problem);
  if (code !== SUCCESS_CODE) {
    const changes = changesBetween(o.before, o.after);
    if (changes.length > 0)
      found(
        'state',
        changes.map((x) => x.table).join(', '),
        `refused (code ${code ?? '—'}, HTTP ${o.status}) but changed:\n      ${changes.map((x) => x.text).join('\n      ')}`,
      );
  }
  for (const { name, added } of takeBackPrototypeKeys(o.prototypes))
    found('state', name, `${name} gained ${added.map(String).join(', ')}`);
  if (code === SUCCESS_CODE && o.reasons.length > 0)
    found(
      'accepted',
      o.reasons[0]!.category,
      `accepted (code 1) though: ${o.reasons.map((x) => x.detail).join('; ')}`,
    );
  return { code, findings };
}
