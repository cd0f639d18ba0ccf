// The oracle: what shape every answer must have, and why the contract says a request must be
// refused (so that accepting it is a defect).
import {
  ENDPOINTS,
  type Endpoint,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
} from '@tradedesk/contract';
import type { FuzzCase } from './cases.ts';
import { clip } from './clip.ts';
import { FIELDS } from './payloads.ts';
import type { Rendered } from './requests.ts';

export interface Reason {
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

/** Every reason the request must be refused; empty when the contract lets it through. */
export function refusalReasons(c: FuzzCase, r: Rendered): Reason[] {
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
    if (field.numeric && isOddNumber(value) && !field.words.includes(value as string))
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

/** What is wrong with the answer as an envelope {code, msg, data}, and its code if it has one. */
export function envelopeProblem(body: string): { problem?: string; code?: number } {
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
