// What makes a case odd, in words: the list a shrink may take away from and a report shows
// as what a defect needs.
import { CACHE_BUST_PARAM, ENDPOINTS } from '@tradedesk/contract';
import { CONTENT_TYPES, type FuzzCase, type Transport } from './cases.ts';
import { clip } from './clip.ts';
import type { Mutation } from './mutations.ts';
import type { Value } from './values.ts';

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

/** The transport of the endpoint's valid request: the query for GET, JSON for POST. */
export const canonicalTransport = (c: FuzzCase): Transport =>
  ENDPOINTS[c.endpoint].method === 'GET' ? 'query' : 'json';

/** What makes a case odd: everything a shrink may take away (authorization stays). */
export function causesOf(c: FuzzCase): string[] {
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
