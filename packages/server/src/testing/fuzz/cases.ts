// One fuzz case: which endpoint, who calls, through which transport, with which headers and
// mutations; and how cases are generated around each endpoint's valid request.
import { ENDPOINTS, type Endpoint, type EndpointName } from '@tradedesk/contract';
import fc from 'fast-check';
import { type Mutation, mutationArb } from './mutations.ts';
import { FIELDS } from './payloads.ts';
import { PROTOTYPE_NAMES } from './values.ts';

export type Transport = 'query' | 'json' | 'form' | 'split' | 'other';
export type Auth = 'none' | 'garbage' | 'demo' | 'real';

export interface FuzzCase {
  index: number;
  endpoint: EndpointName;
  auth: Auth;
  transport: Transport;
  contentVariant: number;
  wrongMethod: boolean;
  mutations: Mutation[];
  lang: string | undefined;
  bearer: boolean;
  garbageAuth: string;
  idempotency: string | undefined;
  garbageBody: string | undefined;
  cacheBust: boolean;
  ip: string;
}

/** What the generator draws; the walk adds the index, the endpoint and who calls. */
export type CaseDraw = Omit<FuzzCase, 'index' | 'endpoint' | 'auth'>;

// biome-ignore format: a table of values reads best packed
export const CONTENT_TYPES: Record<Exclude<Transport, 'query'>, readonly string[]> = {
  json: ['application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', 'APPLICATION/JSON'],
  split: ['application/json'],
  form: ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=UTF-8'],
  other: ['text/plain', 'application/xml', 'multipart/form-data; boundary=fuzz', 'application/octet-stream',
    'application/x-www-form-urlencoded, application/json', 'application/json-patch+json', '', 'application/javascript'],
};
// biome-ignore format: a table of values reads best packed
const LANG_ODDITIES = [
  ...PROTOTYPE_NAMES, 'isPrototypeOf', 'x'.repeat(5000), '', '  ', 'EN', ' ar ', 'tw', 'ko',
  'zh-CN,zh;q=0.9,en;q=0.8', 'en-US', 'é', 'null', "' OR 1=1 --",
];
// biome-ignore format: a table of values reads best packed
const GARBAGE_AUTH = [
  'garbage', 'Bearer', 'Bearer ', 'Bearer null', 'null', 'undefined', '__proto__', 'constructor',
  'Basic dXNlcjpwYXNz', "' OR '1'='1", `Bearer ${'x'.repeat(5000)}`, 'x'.repeat(201), '0', '-1',
  'Bearer Bearer abc', '\t', '{}', '%00',
];
/** Idempotency keys outside 1–255 printable ASCII characters. */
const GARBAGE_KEYS = ['', ' ', 'with space', 'x'.repeat(256), '\t', 'é', 'key\u007f', ' padded '];
// biome-ignore format: a table of values reads best packed
const GARBAGE_BODIES = [
  '{"a":', '{', '}', '\ufeff{}', "{'a':1}", '{"a":1,}', 'undefined', 'NaN', '[]', 'null', '"text"',
  '123', 'true', `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  '{"__proto__":{"__proto__":{"fuzz_polluted":"yes"}}}',
  '{"constructor":{"prototype":{"fuzz_polluted":"yes"}}}',
  '{"a":"\\ud800"}', '{"a":"\u0000"}',
];

/** Who calls, by turns: most calls of an endpoint behind a session carry a valid one. */
export const AUTH_PLANS: Record<Endpoint['access'], readonly Auth[]> = {
  visitor: ['none', 'none', 'none', 'garbage', 'demo'],
  user: ['demo', 'demo', 'demo', 'real', 'none', 'garbage', 'demo', 'real'],
  real: ['real', 'real', 'real', 'demo', 'none', 'garbage', 'real', 'real'],
  admin: ['none', 'demo', 'real'],
};

/** Random cases of one endpoint; the key order of the record fixes what a seed draws. */
export function caseArb(name: EndpointName): fc.Arbitrary<CaseDraw> {
  const endpoint: Endpoint = ENDPOINTS[name];
  const post = fc.constantFrom<Transport>('json', 'json', 'json', 'json', 'form', 'form');
  return fc.record({
    transport:
      endpoint.method === 'GET'
        ? fc.constant<Transport>('query')
        : fc.oneof(
            { weight: 6, arbitrary: post },
            { weight: 1, arbitrary: fc.constantFrom<Transport>('query', 'split', 'other') },
          ),
    contentVariant: fc.nat(15),
    wrongMethod: fc.nat(39).map((n) => n === 0),
    mutations: fc.array(mutationArb(FIELDS[name].map((f) => f.name)), { maxLength: 3 }),
    lang: fc.oneof(
      { weight: 12, arbitrary: fc.constant<string | undefined>('en') },
      { weight: 2, arbitrary: fc.constantFrom<string | undefined>(...LANG_ODDITIES) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    bearer: fc.boolean(),
    garbageAuth: fc.constantFrom(...GARBAGE_AUTH),
    idempotency: name === 'submitOrder' ? idempotencyArb() : fc.constant(undefined),
    garbageBody: fc.oneof(
      { weight: 12, arbitrary: fc.constant<string | undefined>(undefined) },
      { weight: 1, arbitrary: fc.constantFrom<string | undefined>(...GARBAGE_BODIES) },
    ),
    cacheBust: fc.boolean(),
    ip: fc
      .tuple(fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 }))
      .map(([a, b, c]) => `10.${a}.${b}.${c}`),
  });
}

/** No key, a malformed one, or a valid one of printable ASCII. */
function idempotencyArb(): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<string | undefined>(undefined) },
    { weight: 2, arbitrary: fc.constantFrom<string | undefined>(...GARBAGE_KEYS) },
    {
      weight: 1,
      arbitrary: fc.string({
        unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
        minLength: 1,
        maxLength: 40,
      }),
    },
  );
}

/** The valid request of an endpoint, with a valid session where it needs one. */
export function plainCase(name: EndpointName, index: number): FuzzCase {
  return {
    index,
    endpoint: name,
    auth: AUTH_PLANS[ENDPOINTS[name].access][0]!,
    transport: ENDPOINTS[name].method === 'GET' ? 'query' : 'json',
    contentVariant: 0,
    wrongMethod: false,
    mutations: [],
    lang: 'en',
    bearer: true,
    garbageAuth: '',
    idempotency: undefined,
    garbageBody: undefined,
    cacheBust: false,
    ip: `10.255.${(index >> 8) & 255}.${index & 255 || 1}`,
  };
}
