// Writing fields as JSON text or a form/query string, and reading them back as Fastify does,
// so that the oracle knows which parameters a correct server sees.
import { CACHE_BUST_PARAM } from '@tradedesk/contract';
import { type Concrete, js } from './values.ts';

/** One field as sent; a payload is a list of them, so that keys may repeat. */
export type Entry = readonly [string, Concrete];

const jsonOf = (v: Concrete) => ('raw' in v ? v.raw : (JSON.stringify(v.js) ?? 'null'));

/** A JSON object written key by key, so that own `__proto__` keys and raw numbers survive. */
export const jsonText = (entries: readonly Entry[]): string =>
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

/** A form body or query string; arrays repeat the key, objects nest as `key[inner]`. */
export function formText(entries: readonly Entry[]): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries)
    for (const [k, v] of formPairs(key, value)) params.append(k, v);
  return params.toString();
}

/** A query string or form body as Fastify reads one: a repeated key becomes an array. */
export function readForm(text: string): Record<string, unknown> {
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
export function mergeIntended(...sources: unknown[]): Record<string, unknown> {
  const merged: Record<string, unknown> = Object.create(null);
  for (const source of sources) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const [key, value] of Object.entries(source))
      if (!PROTOTYPE_KEYS.has(key)) merged[key] = value;
  }
  delete merged[CACHE_BUST_PARAM];
  return merged;
}
