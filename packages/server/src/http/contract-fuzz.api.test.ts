import {
  CACHE_BUST_PARAM,
  ENDPOINTS,
  type Endpoint,
  type EndpointName,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  INVALID_SESSION_CODE,
  RESULT_CODES,
  SUCCESS_CODE,
} from '@tradedesk/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { DIALECTS } from '../testing/dialects.ts';
import {
  demoUser,
  logInAs,
  registerByEmail,
  startEurusdApp,
  submitPayload,
  type TestApp,
} from '../testing/test-app.ts';

/*
 * A bounded, seeded fuzz of the whole HTTP contract. Every endpoint of ENDPOINTS is called
 * with a valid payload bent by up to three mutations (odd values in its fields, extra and
 * prototype keys, the payload nested under `__proto__`), through every transport its method
 * allows, with odd `lang`, `authorization` and `Idempotency-Key` headers; before the random
 * walk, a few known shapes (see knownShapes) run on every endpoint. For every request:
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
 * One file by request of the brief (the helpers live here), hence its length.
 */

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomSeed();
/** Random requests per endpoint and dialect: 24 × 27 endpoints, after ≈ 100 known shapes. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 24);
/** Requests the shrinking of failures may spend, per dialect. */
const SHRINK_BUDGET = 400;
if (!Number.isSafeInteger(SEED) || !Number.isSafeInteger(RUNS) || RUNS < 1)
  throw new Error(`FUZZ_SEED and FUZZ_RUNS must be integers (got ${SEED}, ${RUNS})`);

function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

// ─── State: every table a request can change, dumped in primary-key order ─────────────────

/** Every table of the schema (the compiler insists): how to order it, or why it is left out. */
const TABLES: Record<keyof Database, { orderBy: readonly string[] } | { skip: string }> = {
  users: { orderBy: ['id'] },
  sessions: { orderBy: ['token_hash'] },
  verification_codes: { orderBy: ['id'] },
  captchas: { orderBy: ['key'] },
  settings: { orderBy: ['key'] },
  areas: { orderBy: ['id'] },
  categories: { orderBy: ['id'] },
  instruments: { orderBy: ['id'] },
  accounts: { orderBy: ['user_id'] },
  ledger: { orderBy: ['id'] },
  orders: { orderBy: ['id'] },
  // The market service writes candles from feed ticks on its own timer; no request does.
  candles: { skip: 'written by the market service from feed ticks, on a timer' },
  // A commit's row is deleted by the outbox's 200 ms timer once published, with no request;
  // every commit also bumps accounts.version in the same transaction, which is compared.
  outbox: { skip: 'rows are deleted by a timer after publishing' },
};
const OUTBOX_FILE = 'outbox file of sent codes';

interface Dump {
  count: number;
  hash: string;
  rows: string[];
}
type Snapshot = Map<string, Dump>;

function dumpOf(rows: string[]): Dump {
  let hash = 0x811c9dc5;
  for (const row of rows)
    for (let i = 0; i < row.length; i++) hash = Math.imul(hash ^ row.charCodeAt(i), 16777619);
  return { count: rows.length, hash: `${rows.length}:${hash >>> 0}`, rows };
}

const rowText = (row: unknown) =>
  JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));

async function snapshot(t: TestApp): Promise<Snapshot> {
  const dumps: Snapshot = new Map();
  for (const [table, how] of Object.entries(TABLES)) {
    if ('skip' in how) continue;
    const order = sql.join(how.orderBy.map((column) => sql.ref(column)));
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} order by ${order}`.execute(t.store.db);
    dumps.set(table, dumpOf(rows.map(rowText)));
  }
  dumps.set(OUTBOX_FILE, dumpOf(t.outbox().map(rowText)));
  return dumps;
}

/** What changed, table by table: counts and a few rows that came or went. */
function changesBetween(before: Snapshot, after: Snapshot): { table: string; text: string }[] {
  const changes: { table: string; text: string }[] = [];
  for (const [table, now] of after) {
    const was = before.get(table);
    if (!was || was.hash === now.hash) continue;
    const old = new Set(was.rows);
    const fresh = new Set(now.rows);
    const added = now.rows.filter((r) => !old.has(r));
    const removed = was.rows.filter((r) => !fresh.has(r));
    const rows = (sign: string, list: string[]) =>
      list.slice(0, 2).map((r) => `\n        ${sign} ${clip(r, 240)}`);
    changes.push({
      table,
      text: `${table}: ${was.count} → ${now.count} rows${rows('+', added).join('')}${rows('−', removed).join('')}`,
    });
  }
  return changes;
}

/** The database holds exactly the tables of TABLES (besides Kysely's migration tables). */
async function checkEveryTableListed(t: TestApp): Promise<void> {
  const { rows } =
    t.store.dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
          t.store.db,
        )
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
          t.store.db,
        );
  const present = rows.map((r) => r.name).filter((n) => !n.startsWith('kysely_'));
  const unlisted = present.filter((n) => !(n in TABLES));
  if (unlisted.length > 0)
    throw new Error(`tables the fuzz does not know (add them to TABLES): ${unlisted.join(', ')}`);
}

/** Keys of the built-in prototypes: a request that adds one has polluted the process. */
const PROTOTYPES = { 'Object.prototype': Object.prototype, 'Array.prototype': Array.prototype };
const prototypeKeys = () =>
  Object.entries(PROTOTYPES).map(([name, proto]) => ({
    name,
    proto,
    keys: new Set(Reflect.ownKeys(proto)),
  }));

// ─── Values: what fields are set to ────────────────────────────────────────────────────────

type Concrete = { js: unknown } | { raw: string };
/** Ids known only once the app runs (orders come and go), written in one of ID_FORMS. */
// biome-ignore format: a table of values reads best packed
const NUMERIC_REFS = [
  'instrument', 'area', 'holding', 'pending', 'closed', 'foreign', 'demoUser', 'missing',
] as const;
type NumericRef = (typeof NUMERIC_REFS)[number];
type TextRef = 'freshEmail' | 'freshMobile' | 'regEmail' | 'regCode' | 'loginEmail' | 'realEmail';
// biome-ignore format: a table of values reads best packed
const ID_FORMS = [
  'number', 'text', 'padded', 'zeros', 'hex', 'binary', 'octal', 'exponent', 'plus', 'decimal',
  'arabic', 'fullwidth', 'array', 'wrap32', 'negative',
] as const;
type IdForm = (typeof ID_FORMS)[number];
type Value = Concrete | { ref: NumericRef; form: IdForm } | { text: TextRef };

const js = (value: unknown): Concrete => ({ js: value });
/** A JSON number token as written (1e400, -0); the same text in forms and query strings. */
const raw = (text: string): Concrete => ({ raw: text });
const ref = (name: NumericRef, form: IdForm = 'number'): Value => ({ ref: name, form });
const textRef = (name: TextRef): Value => ({ text: name });

/** An object with an own key that an object literal cannot hold (`__proto__`). */
const withOwnKey = (key: string, value: unknown): object =>
  JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value)}}`);

const shiftDigits = (digits: string, zero: number) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(zero + Number(d)));

function writeId(n: number, form: IdForm): Concrete {
  const digits = String(n);
  switch (form) {
    case 'number':
      return js(n);
    case 'text':
      return js(digits);
    case 'padded':
      return js(` ${digits} `);
    case 'zeros':
      return js(`000${digits}`);
    case 'hex':
      return js(`0x${n.toString(16)}`);
    case 'binary':
      return js(`0b${n.toString(2)}`);
    case 'octal':
      return js(`0o${n.toString(8)}`);
    case 'exponent':
      return js(`${digits}e0`);
    case 'plus':
      return js(`+${digits}`);
    case 'decimal':
      return js(`${digits}.0`);
    case 'arabic':
      return js(shiftDigits(digits, 0x0660));
    case 'fullwidth':
      return js(shiftDigits(digits, 0xff10));
    case 'array':
      return js([n]);
    case 'wrap32':
      return js(n + 2 ** 32);
    case 'negative':
      return js(-n);
  }
}

// biome-ignore format: a table of values reads best packed
const PROTOTYPE_NAMES = [
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__',
];
// biome-ignore format: a table of values reads best packed
const NUMBER_ODDITIES: Concrete[] = [
  ...[2 ** 31, 2 ** 31 - 1, 2 ** 32, 2 ** 53, -1, 0, 1e308, -1e308, 0.5, 1e-7].map(js),
  ...['1e400', '-0', '1E2', '9007199254740993', '100000000000000000000000', '0.1e1'].map(raw),
  ...['NaN', '0x10', '0b11', '0o17', '1e2', ' 12 ', '١٢', '１２', '+5', '-0', 'Infinity', '-Infinity',
    '2147483648', '9007199254740993', '1.', '.5', '1,5', '1_000', '0012', '12abc', '1 2'].map(js),
];
// biome-ignore format: a table of values reads best packed
const STRUCTURES: Concrete[] = [
  true, false, null, [], [5], ['1', '2'], [[1]], {}, { a: 1 }, { length: 1, 0: '5' },
  withOwnKey('__proto__', { fuzz_polluted: 'yes' }),
  { constructor: { prototype: { fuzz_polluted: 'yes' } } },
].map(js);
// biome-ignore format: a table of values reads best packed
const TEXT_ODDITIES: Concrete[] = [
  '', ' ', '\t', '\u0000', '\u0001\u0002\u001f', '\r\n', '\u007f', '\u001b[31m', '😀', 'Ω≈ç√',
  '\u202e', '\ufeff', '\ud800', '\u200b', 'مرحبا', "' OR '1'='1", '1; DROP TABLE users; --',
  '1) OR (1=1', '%', '_', '\\', '"', '{{7*7}}', '<script>alert(1)</script>', '../../etc/passwd',
  'null', 'undefined', 'true',
].map(js);
/** 10 KB to 100 KB. */
// biome-ignore format: a table of values reads best packed
const LONG_TEXTS: Concrete[] = ([
  ['a', 10_000], ['9', 10_000], ['x', 100_000], ['€', 20_000], ['😀', 5_000], ['\u0000', 10_000],
  ["'", 10_000],
] as const).map(([char, times]) => js(char.repeat(times)));

const valueArb: fc.Arbitrary<Value> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<Value>(...NUMBER_ODDITIES) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom(...NUMERIC_REFS), fc.constantFrom(...ID_FORMS))
      .map(([name, form]) => ref(name, form)),
  },
  { weight: 2, arbitrary: fc.constantFrom<Value>(...STRUCTURES) },
  { weight: 2, arbitrary: fc.constantFrom<Value>(...TEXT_ODDITIES) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES).map(js) },
  { weight: 1, arbitrary: fc.constantFrom<Value>(...LONG_TEXTS) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.string({ unit: 'binary', maxLength: 16 }),
        fc.integer({ min: -(2 ** 33), max: 2 ** 33 }),
        fc.double(),
        fc.jsonValue({ maxDepth: 2 }),
      )
      .map(js),
  },
);

// ─── Requests: a valid payload per endpoint, and mutations of it ──────────────────────────

const PASSWORD = 'secret-pass';
const REAL_EMAIL = 'fuzz-real@example.com';
const LOGIN_EMAIL = 'fuzz-login@example.com';

const submitBase = Object.fromEntries(
  Object.entries(submitPayload(0, { cont: '0.01' })).map(([key, value]) => [
    key,
    key === 'forex_id' ? ref('instrument') : js(value),
  ]),
);

/**
 * A payload each endpoint accepts (checked against the contract before the walk), so that
 * one mutation is what stands between a request and success.
 */
const BASES: { [N in EndpointName]?: Record<string, Value> } = {
  setting: { key: js('is_show_mobile') },
  sendSms: { to: textRef('freshMobile'), area_id: ref('area'), type: js(1) },
  sendEmail: { to: textRef('freshEmail'), type: js(1) },
  register: {
    type: js('email'),
    account: textRef('regEmail'),
    password: js(PASSWORD),
    re_password: js(PASSWORD),
    sms_code: textRef('regCode'),
  },
  login: { account: textRef('loginEmail'), password: js(PASSWORD) },
  demo: { demo_id: js('fuzz-walk-device-0001') },
  // Never the real password: a success would lock the walk out of the real account.
  amendPassword: {
    new_password: js('changed-pass-1'),
    re_password: js('changed-pass-1'),
    auth_code: js('not-the-password'),
    type: js(1),
  },
  forgetPassword: {
    type: js('email'),
    account: textRef('realEmail'),
    new_password: js('reset-pass-1'),
    secondary_password: js('reset-pass-1'),
    auth_code: js('000000'),
  },
  tradeList: { searchCurrency: js('EUR') },
  kline: { forex_id: ref('instrument'), period: js('1min') },
  abbreviatedKline: { forex_id: ref('instrument') },
  ledger: { page: js(1) },
  submitOrder: submitBase,
  myDeal: { status: js(1), page: js(1) },
  closeOrder: { id: ref('holding') },
  cancelOrder: { id: ref('pending') },
  setStopPrice: {
    id: ref('holding'),
    target_profit_price: js('1.09000'),
    stop_loss_price: js('1.07000'),
  },
};

const WRAPPERS = ['__proto__', 'constructor', 'prototype', 'constructor.prototype'] as const;
type Mutation =
  | { op: 'set' | 'add'; key: string; value: Value }
  | { op: 'drop'; key: string }
  | { op: 'wrap'; under: (typeof WRAPPERS)[number]; keepTop: boolean };

// biome-ignore format: a table of values reads best packed
const EXTRA_KEYS = [
  ...PROTOTYPE_NAMES, CACHE_BUST_PARAM, 'user_id', 'is_demo', 'isAdmin', 'balance', 'id', '', ' ',
  'type ', 'TYPE', 'page[]', 'a'.repeat(1000), '\u0000', '😀', "' OR 1=1 --",
];

function mutationArb(fields: readonly string[]): fc.Arbitrary<Mutation> {
  const add = fc.record({
    op: fc.constant('add' as const),
    key: fc.constantFrom(...EXTRA_KEYS, ...fields),
    value: valueArb,
  });
  const wrap = fc.record({
    op: fc.constant('wrap' as const),
    under: fc.constantFrom(...WRAPPERS),
    keepTop: fc.boolean(),
  });
  if (fields.length === 0)
    return fc.oneof({ weight: 3, arbitrary: add }, { weight: 1, arbitrary: wrap });
  const field = fc.constantFrom(...fields);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ op: fc.constant('set' as const), key: field, value: valueArb }),
    },
    { weight: 2, arbitrary: add },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('drop' as const), key: field }) },
    { weight: 2, arbitrary: wrap },
  );
}

type Transport = 'query' | 'json' | 'form' | 'split' | 'other';
type Auth = 'none' | 'garbage' | 'demo' | 'real';

// biome-ignore format: a table of values reads best packed
const CONTENT_TYPES: Record<Exclude<Transport, 'query'>, readonly string[]> = {
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
const AUTH_PLANS: Record<Endpoint['access'], readonly Auth[]> = {
  visitor: ['none', 'none', 'none', 'garbage', 'demo'],
  user: ['demo', 'demo', 'demo', 'real', 'none', 'garbage', 'demo', 'real'],
  real: ['real', 'real', 'real', 'demo', 'none', 'garbage', 'real', 'real'],
  admin: ['none', 'demo', 'real'],
};

interface FuzzCase {
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

interface FieldMeta {
  name: string;
  /** Read as a number: JSON number or plain digits only. */
  numeric: boolean;
  required: boolean;
}

function fieldsOf(endpoint: Endpoint): FieldMeta[] {
  if (!endpoint.request) return [];
  if (!('shape' in endpoint.request))
    throw new Error(`${endpoint.path}: a request schema that is not z.object; teach the fuzz`);
  const shape = endpoint.request.shape as Record<string, z.ZodType>;
  return Object.entries(shape).map(([name, schema]) => {
    const accepts = (v: unknown) => schema.safeParse(v).success;
    return {
      name,
      numeric: [0, 1, 2, '1'].some(accepts) && !accepts('zzzzzzzz'),
      required: !accepts(undefined),
    };
  });
}

const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];
const FIELDS = Object.fromEntries(
  ENDPOINT_NAMES.map((name) => [name, fieldsOf(ENDPOINTS[name])]),
) as Record<EndpointName, FieldMeta[]>;

function caseArb(name: EndpointName) {
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
    idempotency:
      name === 'submitOrder'
        ? fc.oneof(
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
          )
        : fc.constant(undefined),
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

/** The valid request of an endpoint, with a valid session where it needs one. */
function plainCase(name: EndpointName, index: number): FuzzCase {
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

/** A field's valid value written in hexadecimal (an exponent for decimals). */
function oddlyWritten(value: Value | undefined): Value {
  if (!value || 'text' in value) return js('0x10');
  if ('ref' in value) return ref(value.ref, 'hex');
  const v = 'js' in value ? value.js : value.raw;
  if (typeof v === 'number' && Number.isInteger(v)) return js(`0x${v.toString(16)}`);
  return js(`${String(v)}e0`);
}

/**
 * Shapes that broke servers before, tried on every endpoint whatever the seed: the valid
 * request with lang `__proto__`, the payload only under `__proto__`, and each number field
 * in hexadecimal and at 2^31.
 */
function knownShapes(name: EndpointName): Pick<FuzzCase, 'lang' | 'mutations'>[] {
  const shapes: Pick<FuzzCase, 'lang' | 'mutations'>[] = [{ lang: '__proto__', mutations: [] }];
  const fields = FIELDS[name];
  if (fields.length > 0)
    shapes.push({ lang: 'en', mutations: [{ op: 'wrap', under: '__proto__', keepTop: false }] });
  for (const field of fields.filter((f) => f.numeric))
    for (const value of [oddlyWritten(BASES[name]?.[field.name]), js(2 ** 31)])
      shapes.push({ lang: 'en', mutations: [{ op: 'set', key: field.name, value }] });
  return shapes;
}

/** The same walk for a seed: the known shapes, then round by round every endpoint once. */
function planWalk(seed: number, runs: number): FuzzCase[] {
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

// ─── Rendering a case into one HTTP request, and what a correct server reads from it ──────

type Entry = readonly [string, Concrete];

const jsonOf = (v: Concrete) => ('raw' in v ? v.raw : (JSON.stringify(v.js) ?? 'null'));
const jsonText = (entries: readonly Entry[]) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonOf(v)}`).join(',')}}`;

function formPairs(key: string, v: Concrete): [string, string][] {
  if ('raw' in v) return [[key, v.raw]];
  const value = v.js;
  if (value === undefined) return [];
  if (value === null) return [[key, '']];
  if (Array.isArray(value)) return value.flatMap((item) => formPairs(key, js(item)));
  if (typeof value === 'object')
    return Object.entries(value).flatMap(([k, item]) => formPairs(`${key}[${k}]`, js(item)));
  return [[key, String(value)]];
}

function formText(entries: readonly Entry[]): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries)
    for (const [k, v] of formPairs(key, value)) params.append(k, v);
  return params.toString();
}

/** A query string or form body as Fastify reads one: a repeated key becomes an array. */
function readForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    const prior = out[key];
    out[key] =
      prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior, value];
  }
  return out;
}

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Query then body, own keys only, prototype keys and the cache-buster ignored. */
function mergeIntended(...sources: unknown[]): Record<string, unknown> {
  const merged: Record<string, unknown> = Object.create(null);
  for (const source of sources) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const [key, value] of Object.entries(source))
      if (!PROTOTYPE_KEYS.has(key)) merged[key] = value;
  }
  delete merged[CACHE_BUST_PARAM];
  return merged;
}

function applyMutation(
  entries: readonly Entry[],
  m: Mutation,
  resolve: (v: Value) => Concrete,
): Entry[] {
  switch (m.op) {
    case 'set': {
      const value = resolve(m.value);
      if (!entries.some(([k]) => k === m.key)) return [...entries, [m.key, value]];
      const first = entries.findIndex(([k]) => k === m.key);
      return entries.flatMap((e, i) =>
        e[0] !== m.key ? [e] : i === first ? [[m.key, value]] : [],
      );
    }
    case 'add':
      return [...entries, [m.key, resolve(m.value)]];
    case 'drop':
      return entries.filter(([k]) => k !== m.key);
    case 'wrap': {
      // Parsed from JSON text, so that own `__proto__` keys survive as data.
      const nested = JSON.parse(jsonText([...entries, ['fuzz_polluted', js('yes')]]));
      const wrapper: Entry =
        m.under === 'constructor.prototype'
          ? ['constructor', js({ prototype: nested })]
          : [m.under, js(nested)];
      return m.keepTop ? [...entries, wrapper] : [wrapper];
    }
  }
}

type Method = Endpoint['method'];

interface Rendered {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  /** The parameters a correct server reads; undefined when the body is not one it reads. */
  intended: Record<string, unknown> | undefined;
  malformedBody: boolean;
  /** The reproduction, headers and body as sent (tokens named, long text clipped). */
  shown: string;
}

interface World {
  t: TestApp;
  eurusd: number;
  areaId: number;
  demo: { userId: number; device: string; token: string };
  real: { email: string; token: string };
  closedId: number;
  foreignId: number;
  seq: number;
  before: Snapshot;
  stale: boolean;
}

interface CaseContext {
  seq: number;
  holding?: number;
  pending?: number;
  regEmail?: string;
  regCode?: string;
}

function resolveValue(w: World, ctx: CaseContext, v: Value): Concrete {
  if ('ref' in v) {
    const ids: Record<NumericRef, number> = {
      instrument: w.eurusd,
      area: w.areaId,
      holding: ctx.holding ?? w.closedId,
      pending: ctx.pending ?? w.closedId,
      closed: w.closedId,
      foreign: w.foreignId,
      demoUser: w.demo.userId,
      missing: 999_999,
    };
    return writeId(ids[v.ref], v.form);
  }
  if ('text' in v) {
    const texts: Record<TextRef, string> = {
      freshEmail: `fuzz-send-${ctx.seq}@example.com`,
      freshMobile: `2015550${String(ctx.seq % 1000).padStart(3, '0')}`,
      regEmail: ctx.regEmail ?? 'fuzz-unregistered@example.com',
      regCode: ctx.regCode ?? '000000',
      loginEmail: LOGIN_EMAIL,
      realEmail: w.real.email,
    };
    return js(texts[v.text]);
  }
  return v;
}

function headersOf(w: World, c: FuzzCase): { headers: Record<string, string>; shown: string[] } {
  const headers: Record<string, string> = {};
  const shown: string[] = [];
  const put = (name: string, value: string, display = value) => {
    headers[name] = value;
    shown.push(`${name}: ${clip(JSON.stringify(display), 120)}`);
  };
  if (c.lang !== undefined) put('lang', c.lang);
  const token = c.auth === 'demo' ? w.demo.token : c.auth === 'real' ? w.real.token : undefined;
  if (token) {
    const prefix = c.bearer ? 'Bearer ' : '';
    put('authorization', `${prefix}${token}`, `${prefix}<token of the ${c.auth} user>`);
  } else if (c.auth === 'garbage') put('authorization', c.garbageAuth);
  if (c.idempotency !== undefined) put(IDEMPOTENCY_HEADER, c.idempotency);
  return { headers, shown };
}

function render(w: World, c: FuzzCase, ctx: CaseContext): Rendered {
  const endpoint: Endpoint = ENDPOINTS[c.endpoint];
  const resolve = (v: Value) => resolveValue(w, ctx, v);
  const base: Entry[] = Object.entries(BASES[c.endpoint] ?? {}).map(([k, v]) => [k, resolve(v)]);
  let entries: Entry[] = base;
  for (const m of c.mutations) entries = applyMutation(entries, m, resolve);
  const method: Method = c.wrongMethod
    ? endpoint.method === 'GET'
      ? 'POST'
      : 'GET'
    : endpoint.method;
  const transport: Transport = c.wrongMethod || method === 'GET' ? 'query' : c.transport;
  const query: Entry[] =
    transport === 'query' ? [...entries] : transport === 'split' ? [...base] : [];
  if (c.cacheBust) query.push([CACHE_BUST_PARAM, js(1_762_084_800_000)]);
  const { headers, shown } = headersOf(w, c);
  let payload: string | undefined;
  if (transport !== 'query') {
    const types = CONTENT_TYPES[transport];
    headers['content-type'] = types[c.contentVariant % types.length]!;
    shown.push(`content-type: ${JSON.stringify(headers['content-type'])}`);
    payload =
      transport === 'form'
        ? formText(entries)
        : transport === 'json' && c.garbageBody !== undefined
          ? c.garbageBody
          : jsonText(entries);
  }
  const queryText = formText(query);
  const url = queryText ? `${endpoint.path}?${queryText}` : endpoint.path;
  let body: unknown;
  let malformedBody = false;
  if (payload !== undefined && transport !== 'form' && transport !== 'other') {
    try {
      body = payload.trim() === '' ? {} : JSON.parse(payload.trim());
    } catch {
      malformedBody = true;
    }
  } else if (transport === 'form' && payload !== undefined) body = readForm(payload);
  const known = transport !== 'other' && !malformedBody;
  return {
    method,
    url,
    headers,
    payload,
    intended: known ? mergeIntended(readForm(queryText), body) : undefined,
    malformedBody,
    shown: [
      `${method} ${clip(url, 400)}`,
      ...shown,
      ...(payload === undefined ? [] : [clip(payload, 600)]),
    ]
      .map((line) => `      ${line}`)
      .join('\n'),
  };
}

// ─── What a request must be refused for ────────────────────────────────────────────────────

interface Reason {
  category: string;
  detail: string;
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** Not a JSON number nor plain digits (blank and absent are the contract's to judge). */
function isOddNumber(value: unknown): boolean {
  if (value === undefined || value === null || typeof value === 'number') return false;
  if (typeof value !== 'string') return true;
  const text = value.trim();
  return text !== '' && !PLAIN_NUMBER.test(text);
}

const isBlank = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '');

function refusalReasons(c: FuzzCase, r: Rendered): Reason[] {
  const endpoint: Endpoint = ENDPOINTS[c.endpoint];
  const reasons: Reason[] = [];
  const add = (category: string, detail: string) => reasons.push({ category, detail });
  if (r.method !== endpoint.method) add('no route for the method', `${r.method} ${endpoint.path}`);
  if (endpoint.access !== 'visitor' && (c.auth === 'none' || c.auth === 'garbage'))
    add('no valid session', `access ${endpoint.access}, authorization ${c.auth}`);
  if (endpoint.access === 'real' && c.auth === 'demo')
    add('demo account on a real-only endpoint', 'a demo user token');
  if (endpoint.access === 'admin') add('admin only', 'no admin token exists');
  if (r.malformedBody) add('malformed JSON body', clip(r.payload ?? '', 80));
  const key = r.headers[IDEMPOTENCY_HEADER];
  if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key))
    add('Idempotency-Key not 1–255 printable ASCII', JSON.stringify(clip(key, 40)));
  if (!endpoint.request || !r.intended) return reasons;
  for (const field of FIELDS[c.endpoint]) {
    const value = r.intended[field.name];
    if (field.numeric && isOddNumber(value))
      add(`number form: ${field.name}`, `${field.name} = ${clip(JSON.stringify(value) ?? '', 60)}`);
    else if (field.numeric && field.required && isBlank(value))
      add(`blank required number: ${field.name}`, `${field.name} = ${JSON.stringify(value)}`);
  }
  const parsed = endpoint.request.safeParse(r.intended);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') || 'parameters';
    add(`contract refuses field ${path}`, `${path}: ${issue?.message ?? '?'}`);
  }
  return reasons;
}

// ─── Running one case ──────────────────────────────────────────────────────────────────────

type Kind = 'envelope' | 'server-error' | 'state' | 'accepted';

interface Finding {
  kind: Kind;
  /** What went wrong, without the endpoint: "HTTP 500", "orders, accounts", "number form: id". */
  detail: string;
  /** Findings of one signature are shrunk together: kind, endpoint and detail. */
  signature: string;
  headline: string;
  case: FuzzCase;
  reproduction: string;
}

interface Outcome {
  status: number;
  code: number | undefined;
  findings: Finding[];
}

/** Calls the app as a fixture (never compared); refusals are the test's own mistake. */
async function fixtureCall(
  w: World,
  method: 'GET' | 'POST',
  url: string,
  params: Record<string, unknown>,
  token?: string,
): Promise<{ code: number; msg: string; data: Record<string, unknown> }> {
  w.seq += 1;
  const response = await w.t.app.inject({
    method,
    url,
    headers: { lang: 'en', ...(token ? { authorization: token } : {}) },
    remoteAddress: `198.51.${(w.seq >> 8) & 255}.${w.seq & 255 || 1}`,
    ...(method === 'GET'
      ? { query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) }
      : { payload: params }),
  });
  w.stale = true;
  return response.json();
}

/** An open buy order of the demo user, with the status asked (1 holding, 0 pending). */
async function ensureOrder(w: World, status: 0 | 1): Promise<number | undefined> {
  const find = () =>
    w.t.store.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', w.demo.userId)
      .where('status', '=', status)
      .where('side', '=', 'buy')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  const found = await find();
  if (found) return Number(found.id);
  const extra =
    status === 1 ? { cont: '0.01' } : { cont: '0.01', status: 0, target_price: '1.08000' };
  const placed = await fixtureCall(
    w,
    'POST',
    ENDPOINTS.submitOrder.path,
    submitPayload(w.eurusd, extra),
    w.demo.token,
  );
  if (placed.code === SUCCESS_CODE) return Number(placed.data.Id);
  console.warn(`fuzz fixture: no ${status ? 'holding' : 'pending'} order (${placed.msg})`);
  return undefined;
}

function refsOf(c: FuzzCase): Set<string> {
  const values = [
    ...Object.values(BASES[c.endpoint] ?? {}),
    ...c.mutations.flatMap((m) => ('value' in m ? [m.value] : [])),
  ];
  return new Set(values.flatMap((v) => ('ref' in v ? [v.ref] : 'text' in v ? [v.text] : [])));
}

async function prepare(w: World, c: FuzzCase): Promise<CaseContext> {
  w.seq += 1;
  const ctx: CaseContext = { seq: w.seq };
  const refs = refsOf(c);
  if (refs.has('holding')) ctx.holding = await ensureOrder(w, 1);
  if (refs.has('pending')) ctx.pending = await ensureOrder(w, 0);
  if (refs.has('regEmail') || refs.has('regCode')) {
    // A fresh address with a live code each time, so that register can succeed.
    const email = `fuzz-reg-${w.seq}@example.com`;
    const sent = await fixtureCall(w, 'POST', ENDPOINTS.sendEmail.path, { to: email, type: 1 });
    if (sent.code === SUCCESS_CODE) {
      ctx.regEmail = email;
      ctx.regCode = w.t.lastCode(email);
    }
  }
  return ctx;
}

/** Tokens the walk uses stay live (logout, a password change and such end them). */
async function refreshSessions(w: World): Promise<void> {
  // Through fixtureCall, from rotating addresses: the walk may end sessions many times over,
  // more often than the per-address limits of login and demo allow one address.
  const live = async (token: string) =>
    (await fixtureCall(w, 'GET', ENDPOINTS.userInfo.path, {}, token)).code === SUCCESS_CODE;
  const session = async (method: 'GET' | 'POST', path: string, params: Record<string, unknown>) => {
    const answer = await fixtureCall(w, method, path, params);
    if (answer.code !== SUCCESS_CODE) throw new Error(`fuzz fixture ${path}: ${answer.msg}`);
    return String(answer.data.token);
  };
  if (!(await live(w.demo.token)))
    w.demo.token = await session('GET', ENDPOINTS.demo.path, { demo_id: w.demo.device });
  if (await live(w.real.token)) return;
  const login = { account: w.real.email, password: PASSWORD };
  const again = await fixtureCall(w, 'POST', ENDPOINTS.login.path, login);
  if (again.code === SUCCESS_CODE) {
    w.real.token = String(again.data.token);
    return;
  }
  // Locked by the walk's wrong passwords: a new real user takes its place.
  const email = `fuzz-real-${w.seq}@example.com`;
  const sent = await fixtureCall(w, 'POST', ENDPOINTS.sendEmail.path, { to: email, type: 1 });
  if (sent.code !== SUCCESS_CODE) throw new Error(`fuzz fixture send_email: ${sent.msg}`);
  const registered = await fixtureCall(w, 'POST', ENDPOINTS.register.path, {
    type: 'email',
    account: email,
    password: PASSWORD,
    re_password: PASSWORD,
    sms_code: w.t.lastCode(email),
  });
  if (registered.code !== SUCCESS_CODE) throw new Error(`fuzz fixture register: ${registered.msg}`);
  w.real = {
    email,
    token: await session('POST', ENDPOINTS.login.path, { account: email, password: PASSWORD }),
  };
}

const SESSION_ENDPOINTS = new Set<EndpointName>([
  'logout',
  'amendPassword',
  'forgetPassword',
  'login',
  'demo',
]);

function envelopeProblem(body: string): { problem?: string; code?: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { problem: 'the answer is not JSON' };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { problem: 'the answer is not an object' };
  const e = parsed as Record<string, unknown>;
  const code = typeof e.code === 'number' ? e.code : undefined;
  if (code === undefined || !Number.isInteger(code)) return { problem: 'code is not an integer' };
  if (typeof e.msg !== 'string' || e.msg.trim() === '')
    return { problem: 'msg is not a non-empty string', code };
  if (!('data' in e)) return { problem: 'data is missing', code };
  return { code };
}

async function execute(w: World, c: FuzzCase): Promise<Outcome> {
  const ctx = await prepare(w, c);
  if (w.stale) {
    await w.t.trading!.idle();
    w.before = await snapshot(w.t);
    w.stale = false;
  }
  const r = render(w, c, ctx);
  const reasons = refusalReasons(c, r);
  const prototypes = prototypeKeys();
  const findings: Finding[] = [];
  const found = (kind: Kind, detail: string, headline: string, answer: string) =>
    findings.push({
      kind,
      detail,
      signature: `${kind} | ${c.endpoint} | ${detail}`,
      headline,
      case: c,
      reproduction: `${r.shown}\n    answer: ${answer}`,
    });
  let status = 0;
  let body = '';
  try {
    const response = await w.t.app.inject({
      method: r.method,
      url: r.url,
      headers: r.headers,
      remoteAddress: c.ip,
      ...(r.payload === undefined ? {} : { payload: r.payload }),
    });
    status = response.statusCode;
    body = response.body;
  } catch (error) {
    body = `inject threw: ${String(error)}`;
  }
  await w.t.trading!.idle();
  const after = await snapshot(w.t);
  const answer = `HTTP ${status} ${clip(body, 400)}`;
  const { problem, code } = envelopeProblem(body);
  if (status >= 500) {
    const what = `HTTP ${status}${problem ? ` and ${problem}` : ''}`;
    found('server-error', what, what, answer);
  } else if (problem) found('envelope', problem, problem, answer);
  if (code !== SUCCESS_CODE) {
    const changes = changesBetween(w.before, after);
    if (changes.length > 0)
      found(
        'state',
        changes.map((x) => x.table).join(', '),
        `refused (code ${code ?? '—'}, HTTP ${status}) but changed:\n      ${changes.map((x) => x.text).join('\n      ')}`,
        answer,
      );
  }
  for (const { name, proto, keys } of prototypes) {
    const added = Reflect.ownKeys(proto).filter((k) => !keys.has(k));
    for (const k of added) Reflect.deleteProperty(proto, k);
    if (added.length > 0)
      found('state', name, `${name} gained ${added.map(String).join(', ')}`, answer);
  }
  if (code === SUCCESS_CODE && reasons.length > 0)
    found(
      'accepted',
      reasons[0]!.category,
      `accepted (code 1) though: ${reasons.map((x) => x.detail).join('; ')}`,
      answer,
    );
  w.before = after;
  // Whatever the answer: a failing logout may have ended the session all the same.
  if (SESSION_ENDPOINTS.has(c.endpoint)) await refreshSessions(w);
  return { status, code, findings };
}

// ─── Shrinking and reporting ───────────────────────────────────────────────────────────────

const show = (v: unknown) => clip(JSON.stringify(v) ?? String(v), 40);

function describeValue(v: Value): string {
  // The form, not which id: the request shown beside it names the value.
  if ('ref' in v) return `${v.form} id`;
  if ('text' in v) return v.text;
  if ('raw' in v) return `raw ${v.raw}`;
  if (typeof v.js === 'string' && v.js.length > 40)
    return `${show(v.js.slice(0, 3))}×${v.js.length}`;
  return show(v.js);
}

function describeMutation(m: Mutation): string {
  switch (m.op) {
    case 'set':
      return `${show(m.key)}←${describeValue(m.value)}`;
    case 'add':
      return `+${show(m.key)}=${describeValue(m.value)}`;
    case 'drop':
      return `−${show(m.key)}`;
    case 'wrap':
      return `payload under ${m.under}${m.keepTop ? ' (and on top)' : ''}`;
  }
}

const canonicalTransport = (c: FuzzCase): Transport =>
  ENDPOINTS[c.endpoint].method === 'GET' ? 'query' : 'json';

/** What makes a case odd: everything a shrink may take away (authorization stays). */
function causesOf(c: FuzzCase): string[] {
  const causes: string[] = [];
  if (c.wrongMethod) causes.push('wrong method');
  if (c.transport !== canonicalTransport(c)) causes.push(`via ${c.transport}`);
  else if (c.contentVariant % CONTENT_TYPES.json.length !== 0 && c.transport === 'json')
    causes.push(`content-type variant ${c.contentVariant % CONTENT_TYPES.json.length}`);
  if (c.lang === undefined) causes.push('no lang header');
  else if (c.lang !== 'en') causes.push(`lang=${show(c.lang)}`);
  if (c.idempotency !== undefined) causes.push(`Idempotency-Key=${show(c.idempotency)}`);
  if (c.garbageBody !== undefined && c.transport === 'json')
    causes.push(`body ${show(c.garbageBody)}`);
  if (c.cacheBust) causes.push(`${CACHE_BUST_PARAM}=…`);
  return [...causes, ...c.mutations.map(describeMutation)];
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
      const again = (await execute(w, simpler)).findings.find(
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

interface Defect {
  signature: string;
  example: Finding;
  shrunk: boolean;
  count: number;
}

/** Groups findings by signature; within one, up to 3 causes that explain different members. */
async function groupDefects(w: World, findings: Finding[]): Promise<Defect[]> {
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

/**
 * One entry per distinct defect: shrunk examples of the same kind, detail and needs are one
 * defect however many endpoints show it (an odd lang header breaks them all alike).
 */
function report(dialect: string, kinds: Kind[], defects: Defect[], requests: number): string {
  const merged = new Map<string, Defect[]>();
  for (const d of defects) {
    if (!kinds.includes(d.example.kind)) continue;
    const key = `${d.example.kind} | ${d.example.detail} | needs ${causesOf(d.example.case).join(', ') || 'nothing odd'}`;
    merged.set(key, [...(merged.get(key) ?? []), d]);
  }
  if (merged.size === 0) return '';
  const lines = [
    `${merged.size} distinct defect(s) on ${dialect} in ${requests} requests; replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`,
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

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…(${text.length} chars)`;
}

// ─── The walk ──────────────────────────────────────────────────────────────────────────────

async function setUp(t: TestApp, eurusd: number): Promise<World> {
  await checkEveryTableListed(t);
  const demo = await demoUser(t, 'fuzz-demo-device-0001');
  for (const email of [REAL_EMAIL, LOGIN_EMAIL]) {
    const registered = await registerByEmail(t, email, PASSWORD);
    if (registered.code !== SUCCESS_CODE) throw new Error(`register ${email}: ${registered.msg}`);
  }
  const area = await t.store.db
    .selectFrom('areas')
    .select('id')
    .where('code', '=', 'US')
    .executeTakeFirstOrThrow();
  const w: World = {
    t,
    eurusd,
    areaId: Number(area.id),
    demo: { userId: demo.user.id, device: 'fuzz-demo-device-0001', token: demo.token },
    real: { email: REAL_EMAIL, token: await logInAs(t, REAL_EMAIL, PASSWORD) },
    closedId: 0,
    foreignId: 0,
    seq: 0,
    before: new Map(),
    stale: true,
  };
  const order = { cont: '0.01' };
  const other = await demoUser(t, 'fuzz-other-device-0001');
  const foreign = await fixtureCall(
    w,
    'POST',
    ENDPOINTS.submitOrder.path,
    submitPayload(eurusd, order),
    other.token,
  );
  const toClose = await fixtureCall(
    w,
    'POST',
    ENDPOINTS.submitOrder.path,
    submitPayload(eurusd, order),
    demo.token,
  );
  const closed = await fixtureCall(
    w,
    'POST',
    ENDPOINTS.closeOrder.path,
    { id: toClose.data.Id },
    demo.token,
  );
  if (foreign.code !== SUCCESS_CODE || closed.code !== SUCCESS_CODE)
    throw new Error(`fixture orders refused: ${foreign.msg} / ${closed.msg}`);
  w.foreignId = Number(foreign.data.Id);
  w.closedId = Number(toClose.data.Id);
  await checkBases(w);
  return w;
}

/** Every endpoint with parameters has a valid payload, and the contract still accepts it. */
async function checkBases(w: World): Promise<void> {
  for (const name of ENDPOINT_NAMES) {
    const endpoint: Endpoint = ENDPOINTS[name];
    if (!endpoint.request) continue;
    if (!BASES[name]) throw new Error(`${name} has parameters but no valid payload in BASES`);
    const plain = plainCase(name, -1);
    const rendered = render(w, plain, await prepare(w, plain));
    const parsed = endpoint.request.safeParse(rendered.intended);
    if (!parsed.success)
      throw new Error(`the valid payload of ${name} fails its contract: ${parsed.error.message}`);
  }
}

describe.each(DIALECTS)('the contract under malformed requests on $name', ({ name, skip }) => {
  let t: TestApp;
  let w: World;
  const findings: Finding[] = [];
  let defects: Defect[] = [];
  const answers = new Map<EndpointName, Map<string, number>>();
  const cases = planWalk(SEED, RUNS);

  beforeAll(async () => {
    if (skip) return;
    console.info(
      `contract fuzz on ${name}: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}, ${cases.length} requests`,
    );
    const started = await startEurusdApp(name);
    t = started.t;
    w = await setUp(t, started.eurusd);
    for (const c of cases) {
      const outcome = await execute(w, c);
      findings.push(...outcome.findings);
      const byCode = answers.get(c.endpoint) ?? new Map<string, number>();
      const key = `${outcome.code ?? `HTTP ${outcome.status}`}${c.auth === 'demo' || c.auth === 'real' ? '' : ' (no valid token)'}`;
      byCode.set(key, (byCode.get(key) ?? 0) + 1);
      answers.set(c.endpoint, byCode);
    }
    defects = await groupDefects(w, findings);
    console.info(
      `contract fuzz on ${name}: answers per endpoint\n${[...answers]
        .map(
          ([endpoint, byCode]) =>
            `  ${endpoint}: ${[...byCode].map(([k, n]) => `${k}×${n}`).join(' ')}`,
        )
        .join('\n')}`,
    );
  }, 300_000);
  afterAll(async () => {
    if (!skip) await t?.close();
  });

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
      const text = report(name, ['envelope', 'server-error'], defects, cases.length);
      expect(text === '', text).toBe(true);
    },
  );

  it.skipIf(skip)(`changes no state on a refused request (FUZZ_SEED=${SEED})`, () => {
    const text = report(name, ['state'], defects, cases.length);
    expect(text === '', text).toBe(true);
  });

  it.skipIf(skip)(`accepts no request the contract refuses (FUZZ_SEED=${SEED})`, () => {
    const text = report(name, ['accepted'], defects, cases.length);
    expect(text === '', text).toBe(true);
  });
});
