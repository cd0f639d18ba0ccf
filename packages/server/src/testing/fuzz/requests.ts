// Rendering a case into one HTTP request (method, url, headers, body), with the parameters a
// correct server reads from it and the reproduction a failure report shows.
import {
  CACHE_BUST_PARAM,
  ENDPOINTS,
  type Endpoint,
  IDEMPOTENCY_HEADER,
} from '@tradedesk/contract';
import { CONTENT_TYPES, type FuzzCase, type Transport } from './cases.ts';
import { clip } from './clip.ts';
import { type Entry, formText, jsonText, mergeIntended, readForm } from './encoding.ts';
import { applyMutation } from './mutations.ts';
import { BASES, LOGIN_EMAIL } from './payloads.ts';
import { type Concrete, js, type NumericRef, type TextRef, type Value, writeId } from './values.ts';
import type { CaseContext, World } from './world.ts';

type Method = Endpoint['method'];

export interface Rendered {
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
      network: w.funding.networkId,
      wire: w.funding.wireId,
      drawCurrency: w.funding.drawCurrencyId,
      drawMethod: w.funding.drawMethodId,
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
      frontPic: ctx.frontPic ?? '/api/common/upload/00000000000000000000000000000000.jpg',
      reversePic: ctx.reversePic ?? '/api/common/upload/00000000000000000000000000000001.jpg',
      networkAddress: w.funding.networkAddress,
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

/** The body of a transport that has one, and the content type it is sent with. */
function bodyOf(
  c: FuzzCase,
  transport: Exclude<Transport, 'query'>,
  entries: readonly Entry[],
): { contentType: string; payload: string } {
  const types = CONTENT_TYPES[transport];
  const contentType = types[c.contentVariant % types.length]!;
  const payload =
    transport === 'form'
      ? formText(entries)
      : transport === 'json' && c.garbageBody !== undefined
        ? c.garbageBody
        : jsonText(entries);
  return { contentType, payload };
}

/** The body as a correct server reads it: JSON, a form, or nothing it reads ('other'). */
function readBody(
  transport: Transport,
  payload: string | undefined,
): { body: unknown; malformedBody: boolean } {
  if (payload === undefined || transport === 'other')
    return { body: undefined, malformedBody: false };
  if (transport === 'form') return { body: readForm(payload), malformedBody: false };
  try {
    return { body: payload.trim() === '' ? {} : JSON.parse(payload.trim()), malformedBody: false };
  } catch {
    return { body: undefined, malformedBody: true };
  }
}

/** Whether some endpoint of the contract answers `method` on `path`. */
const routes = (method: Method, path: string) =>
  Object.values(ENDPOINTS).some((e) => e.method === method && e.path === path);

export function render(w: World, c: FuzzCase, ctx: CaseContext): Rendered {
  const endpoint: Endpoint = ENDPOINTS[c.endpoint];
  const resolve = (v: Value) => resolveValue(w, ctx, v);
  const base: Entry[] = Object.entries(BASES[c.endpoint] ?? {}).map(([k, v]) => [k, resolve(v)]);
  let entries: Entry[] = base;
  for (const m of c.mutations) entries = applyMutation(entries, m, resolve);
  const other: Method = endpoint.method === 'GET' ? 'POST' : 'GET';
  // A path that both methods route (GET and POST /api/follow/settings) has no wrong method.
  const wrong = c.wrongMethod && !routes(other, endpoint.path);
  const method: Method = wrong ? other : endpoint.method;
  const transport: Transport = wrong || method === 'GET' ? 'query' : c.transport;
  const query: Entry[] =
    transport === 'query' ? [...entries] : transport === 'split' ? [...base] : [];
  if (c.cacheBust) query.push([CACHE_BUST_PARAM, js(1_762_084_800_000)]);
  const { headers, shown } = headersOf(w, c);
  let payload: string | undefined;
  if (transport !== 'query') {
    const body = bodyOf(c, transport, entries);
    headers['content-type'] = body.contentType;
    shown.push(`content-type: ${JSON.stringify(body.contentType)}`);
    payload = body.payload;
  }
  const queryText = formText(query);
  const url = queryText ? `${endpoint.path}?${queryText}` : endpoint.path;
  const { body, malformedBody } = readBody(transport, payload);
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
