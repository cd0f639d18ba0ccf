import { ENDPOINTS, INVALID_SESSION_CODE, RESULT_CODES } from '@tradedesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { ENDPOINT_NAMES } from '../../testing/fuzz/payloads.ts';
import { type Replay, report } from '../../testing/fuzz/report.ts';
import type { Kind } from '../../testing/fuzz/run-case.ts';
import { setUpWorld } from '../../testing/fuzz/set-up.ts';
import { type Defect, groupDefects } from '../../testing/fuzz/shrink.ts';
import { type Answers, answersText, runWalk } from '../../testing/fuzz/walk.ts';
import { planWalk } from '../../testing/fuzz/walk-plan.ts';
import type { World } from '../../testing/fuzz/world.ts';
import { startEurusdApp, type TestApp } from '../../testing/test-app.ts';

/*
 * A bounded, seeded fuzz of the whole HTTP contract. Every endpoint of ENDPOINTS is called
 * with a valid payload bent by up to three mutations (odd values in its fields, extra and
 * prototype keys, the payload nested under `__proto__`), through every transport its method
 * allows, with odd `lang`, `authorization` and `Idempotency-Key` headers; before the random
 * walk, a few known shapes (knownShapes in walk-plan.ts) run on every endpoint. For every
 * request:
 * - the answer is the JSON envelope {code, msg, data}, and never a 5xx;
 * - a refused request (code ≠ 1) leaves every table and the outbox file of sent codes as
 *   they were, and no request adds a key to Object.prototype or Array.prototype;
 * - a request the contract refuses is not accepted: parameters its schema refuses (read as
 *   a correct server reads them: query, then body, own keys, prototype keys ignored), a
 *   number written in another form than JSON number or plain digits, no valid session,
 *   a demo account on a real-only endpoint, a malformed Idempotency-Key.
 * Failures are grouped, and the first of each group is shrunk against the running app to
 * the mutations it needs. Replay: FUZZ_SEED=<seed> [FUZZ_RUNS=<per endpoint>] npx vitest run …
 *
 * The machinery lives in ../testing/fuzz/ (values, mutations, requests, the oracle in
 * expectations.ts, state snapshots, shrinking and reports); this file wires it per dialect.
 */

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomSeed();
/** Random requests per endpoint and dialect: 24 × 27 endpoints, after ≈ 100 known shapes. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 24);
if (!Number.isSafeInteger(SEED) || !Number.isSafeInteger(RUNS) || RUNS < 1)
  throw new Error(`FUZZ_SEED and FUZZ_RUNS must be integers (got ${SEED}, ${RUNS})`);
const REPLAY: Replay = { seed: SEED, runs: RUNS };

function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

describe.each(DIALECTS)('the contract under malformed requests on $name', ({ name, skip }) => {
  let t: TestApp;
  let w: World;
  let defects: Defect[] = [];
  let answers: Answers = new Map();
  const cases = planWalk(SEED, RUNS);

  beforeAll(async () => {
    if (skip) return;
    console.info(
      `contract fuzz on ${name}: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}, ${cases.length} requests`,
    );
    const started = await startEurusdApp(name);
    t = started.t;
    w = await setUpWorld(t, started.eurusd);
    const walked = await runWalk(w, cases);
    answers = walked.answers;
    defects = await groupDefects(w, walked.findings);
    console.info(`contract fuzz on ${name}: answers per endpoint\n${answersText(answers)}`);
  }, 300_000);
  afterAll(async () => {
    if (!skip) await t?.close();
  });

  /** The failure message of the defects of these kinds; empty when there are none. */
  const defectsOf = (kinds: Kind[]) => report(name, kinds, defects, cases.length, REPLAY);

  it.skipIf(skip)(`reaches every endpoint, and behind its session (FUZZ_SEED=${SEED})`, () => {
    const missed = ENDPOINT_NAMES.filter((endpoint) => !answers.has(endpoint));
    expect(missed, 'endpoints the walk never called').toEqual([]);
    // Answers that a request may get before its session or parameters are looked at.
    const atTheDoor = [
      INVALID_SESSION_CODE,
      RESULT_CODES.REAL_ACCOUNT_ONLY.code,
      RESULT_CODES.BAD_REQUEST.code,
      RESULT_CODES.REQUEST_TOO_LARGE.code,
      RESULT_CODES.NOT_FOUND.code,
    ].map(String);
    const neverPastSession = ENDPOINT_NAMES.filter(
      (endpoint) =>
        ENDPOINTS[endpoint].access !== 'visitor' &&
        ![...(answers.get(endpoint)?.keys() ?? [])].some(
          (key) => !key.includes('no valid token') && !atTheDoor.includes(key),
        ),
    );
    expect(
      neverPastSession,
      'endpoints whose every authenticated call was refused at the door',
    ).toEqual([]);
  });

  it.skipIf(skip)(
    `answers every request in the envelope, never with a 5xx (FUZZ_SEED=${SEED})`,
    () => {
      const text = defectsOf(['envelope', 'server-error']);
      expect(text === '', text).toBe(true);
    },
  );

  it.skipIf(skip)(`changes no state on a refused request (FUZZ_SEED=${SEED})`, () => {
    const text = defectsOf(['state']);
    expect(text === '', text).toBe(true);
  });

  it.skipIf(skip)(`accepts no request the contract refuses (FUZZ_SEED=${SEED})`, () => {
    const text = defectsOf(['accepted']);
    expect(text === '', text).toBe(true);
  });
});
