// The list of cases a seed stands for: known shapes on every endpoint first, then the random
// rounds. The same seed and runs give the same list, which is what makes a failure replayable.
import {
  CURRENCY_AMOUNT_MAX,
  ENDPOINTS,
  type EndpointName,
  USD_AMOUNT_MAX,
} from '@tradedesk/contract';
import fc from 'fast-check';
import { AUTH_PLANS, caseArb, type FuzzCase, plainCase } from './cases.ts';
import { BASES, ENDPOINT_NAMES, FIELDS } from './payloads.ts';
import { js, ref, type Value } from './values.ts';

/** A field's valid value written in hexadecimal (an exponent for decimals). */
function oddlyWritten(value: Value | undefined): Value {
  if (!value || 'text' in value) return js('0x10');
  if ('ref' in value) return ref(value.ref, 'hex');
  const v = 'js' in value ? value.js : value.raw;
  if (typeof v === 'number' && Number.isInteger(v)) return js(`0x${v.toString(16)}`);
  return js(`${String(v)}e0`);
}

/**
 * Amounts at and just past what the columns hold (issue 24: a deposit of 99 999 999 999
 * answered 500): the largest currency amount and one past it, the largest USD amount and a
 * micro-dollar past it, and the issue's own reproduction.
 */
const AT_AND_PAST_LIMITS: readonly Value[] = [
  js(CURRENCY_AMOUNT_MAX),
  js(`${CURRENCY_AMOUNT_MAX}.00000001`),
  js(`${USD_AMOUNT_MAX}.000001`),
  js('99999999999'),
];

/**
 * Shapes that broke servers before, tried on every endpoint whatever the seed: the valid
 * request with lang `__proto__`, the payload only under `__proto__`, and each number field
 * in hexadecimal, at 2^31, and at and past the amount limits.
 */
function knownShapes(name: EndpointName): Pick<FuzzCase, 'lang' | 'mutations'>[] {
  const shapes: Pick<FuzzCase, 'lang' | 'mutations'>[] = [{ lang: '__proto__', mutations: [] }];
  const fields = FIELDS[name];
  if (fields.length > 0)
    shapes.push({ lang: 'en', mutations: [{ op: 'wrap', under: '__proto__', keepTop: false }] });
  for (const field of fields.filter((f) => f.numeric))
    for (const value of [
      oddlyWritten(BASES[name]?.[field.name]),
      js(2 ** 31),
      ...AT_AND_PAST_LIMITS,
    ])
      shapes.push({ lang: 'en', mutations: [{ op: 'set', key: field.name, value }] });
  return shapes;
}

/** The same walk for a seed: the known shapes, then round by round every endpoint once. */
export function planWalk(seed: number, runs: number): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const name of ENDPOINT_NAMES)
    for (const shape of knownShapes(name))
      cases.push({ ...plainCase(name, cases.length), ...shape });
  const perEndpoint = ENDPOINT_NAMES.map((name, i) => {
    const auths = AUTH_PLANS[ENDPOINTS[name].access];
    return fc
      .sample(caseArb(name), { seed: (seed + i * 7919) | 0, numRuns: runs })
      .map((spec, k) => ({ ...spec, endpoint: name, auth: auths[k % auths.length]! }));
  });
  for (let k = 0; k < runs; k++)
    for (const list of perEndpoint) cases.push({ ...list[k]!, index: cases.length });
  return cases;
}
