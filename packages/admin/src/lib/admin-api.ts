import {
  type Captcha,
  type Envelope,
  INVALID_SESSION_CODE,
  LANG_HEADER,
  RESULT_CODES,
  ROUTES,
  SUCCESS_CODE,
  UPLOAD_PATH_PREFIX,
} from '@tradedesk/contract';
import type {
  ADMIN_ENDPOINTS,
  AdminEndpointName,
  AdminResponseOf,
} from '@tradedesk/contract/admin';
import { ADMIN_TOKEN_HEADER } from '@tradedesk/contract/admin/roles';
import { ADMIN_ROUTES } from '@tradedesk/contract/admin/routes';
import { notify } from './notify.ts';
import { clearToken, getToken } from './session.ts';

/** The back office speaks English; the server translates `msg` by this header. */
const LANGUAGE = 'en';

export const OTP_REQUIRED_CODE = RESULT_CODES.ADMIN_OTP_REQUIRED.code;
export const SETUP_REQUIRED_CODE = RESULT_CODES.ADMIN_2FA_SETUP_REQUIRED.code;
export const PASSWORD_CHANGE_REQUIRED_CODE = RESULT_CODES.ADMIN_PASSWORD_CHANGE_REQUIRED.code;
export const CAPTCHA_REQUIRED_CODE = RESULT_CODES.CAPTCHA_REQUIRED.code;

/**
 * The parameters of a call: what the contract's request schema yields after parsing (the
 * contract exports no request type for operator calls; its input side is `unknown` for every
 * preprocessed field, which would check nothing). `undefined` for calls without parameters.
 */
export type AdminParamsOf<N extends AdminEndpointName> = (typeof ADMIN_ENDPOINTS)[N] extends {
  request: { _zod: { output: infer P } };
}
  ? P
  : undefined;

export interface CallOptions {
  /** Don't show the refusal: `true` for all, or the codes the caller shows inline. */
  silent?: boolean | readonly number[];
  signal?: AbortSignal;
}

/** A refusal in the envelope (`code` ≠ 1), or a transport failure (`code` 0 or the HTTP status). */
export class AdminApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

/**
 * What the app does when the server ends the session (999), demands enrolment (4009) or a
 * password of the operator's own first (4012).
 */
export interface SessionHandlers {
  onInvalidSession(): void;
  onSetupRequired(): void;
  onPasswordChangeRequired(): void;
}
let handlers: SessionHandlers | undefined;
export function setSessionHandlers(next: SessionHandlers): void {
  handlers = next;
}

function headers(json: boolean): Record<string, string> {
  const result: Record<string, string> = { [LANG_HEADER]: LANGUAGE };
  const token = getToken();
  if (token) result[ADMIN_TOKEN_HEADER] = `Bearer ${token}`;
  if (json) result['content-type'] = 'application/json';
  return result;
}

/** Puts `:name` parameters into the path; the rest stay for the query string or body. */
function fillPath(
  path: string,
  params: Record<string, unknown>,
): [string, Record<string, unknown>] {
  const rest = { ...params };
  const filled = path.replace(/:(\w+)/g, (_match, key: string) => {
    const value = rest[key];
    if (value === undefined || value === null || value === '')
      throw new Error(`${path}: missing path parameter ${key}`);
    delete rest[key];
    return encodeURIComponent(String(value));
  });
  return [filled, rest];
}

function toSearch(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function isSilent(options: CallOptions, code: number): boolean {
  return (
    options.silent === true || (Array.isArray(options.silent) && options.silent.includes(code))
  );
}

/**
 * The one place an envelope is judged: success gives its data; 999 drops the token and sends
 * the operator to the login page (once, however many calls were in flight); 4009 sends them to
 * two-factor enrolment, 4012 to the password change; any other refusal shows its `msg`, already
 * in words, and throws.
 */
function unwrap<T>(envelope: Envelope<T>, options: CallOptions): T {
  if (envelope.code === SUCCESS_CODE) return envelope.data;
  if (envelope.code === INVALID_SESSION_CODE) {
    if (getToken() !== null) {
      clearToken();
      notify.warning(envelope.msg);
      handlers?.onInvalidSession();
    }
  } else if (envelope.code === SETUP_REQUIRED_CODE) {
    handlers?.onSetupRequired();
    if (!isSilent(options, envelope.code)) notify.warning(envelope.msg);
  } else if (envelope.code === PASSWORD_CHANGE_REQUIRED_CODE) {
    // The change screen says why itself: no notice per refused call behind it.
    handlers?.onPasswordChangeRequired();
  } else if (!isSilent(options, envelope.code)) {
    notify.error(envelope.msg);
  }
  throw new AdminApiError(envelope.code, envelope.msg, envelope.data);
}

async function send(url: string, init: RequestInit, options: CallOptions): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: options.signal ?? null });
  } catch (error) {
    if (isAbort(error)) throw error;
    const failure = new AdminApiError(0, 'The server could not be reached. Try again.');
    if (!isSilent(options, 0)) notify.error(failure.message);
    throw failure;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function readEnvelope<T>(response: Response, options: CallOptions): Promise<Envelope<T>> {
  // A call cancelled while its body is still arriving (React Query cancels a refetch when the
  // desk socket and a reply's success invalidate the same conversation at once) is not a
  // malformed answer: it rethrows the abort, which the query ignores, instead of showing
  // "HTTP 200 without a result" for a reply that went through.
  const parsed = (await response.json().catch((error: unknown) => {
    if (isAbort(error)) throw error;
    return null;
  })) as Envelope<T> | null;
  if (parsed && typeof parsed.code === 'number') return parsed;
  const failure = new AdminApiError(
    response.status,
    `The server answered HTTP ${response.status} without a result.`,
  );
  if (!isSilent(options, failure.code)) notify.error(failure.message);
  throw failure;
}

/**
 * Calls one operator endpoint of the contract: path parameters into the path, the rest into
 * the query string (GET) or a JSON body (POST), with `lang` and the operator's token.
 */
export async function adminApi<N extends AdminEndpointName>(
  name: N,
  ...[params, options = {}]: AdminParamsOf<N> extends undefined
    ? [params?: undefined, options?: CallOptions]
    : [params: AdminParamsOf<N>, options?: CallOptions]
): Promise<AdminResponseOf<N>> {
  const route = ADMIN_ROUTES[name];
  const [path, rest] = fillPath(route.path, (params ?? {}) as Record<string, unknown>);
  const isGet = route.method === 'GET';
  const response = await send(
    isGet ? `${path}${toSearch(rest)}` : path,
    // Always a body on POST: the server refuses an empty one sent as JSON.
    { method: route.method, headers: headers(!isGet), body: isGet ? null : JSON.stringify(rest) },
    options,
  );
  return unwrap(await readEnvelope<AdminResponseOf<N>>(response, options), options);
}

/**
 * Sends one file (multipart, field "file") to an operator upload call (a news cover): the
 * browser sets the multipart boundary itself, so no content-type is given here.
 */
export async function adminUploadFile<N extends AdminEndpointName>(
  name: N,
  file: Blob,
  options: CallOptions = {},
): Promise<AdminResponseOf<N>> {
  const body = new FormData();
  body.append('file', file);
  const response = await send(
    ADMIN_ROUTES[name].path,
    { method: 'POST', headers: headers(false), body },
    options,
  );
  return unwrap(await readEnvelope<AdminResponseOf<N>>(response, options), options);
}

/**
 * A captcha picture and its key from the traders' GET /api/captcha: after repeated failed
 * logins of an operator the server asks for one (CAPTCHA_REQUIRED). A visitor's call, so it
 * carries no operator token.
 */
export async function fetchCaptcha(options: CallOptions = {}): Promise<Captcha> {
  const response = await send(
    ROUTES.captcha.path,
    { method: ROUTES.captcha.method, headers: { [LANG_HEADER]: LANGUAGE } },
    options,
  );
  return unwrap(await readEnvelope<Captcha>(response, options), options);
}

/** Whether a URL is one of the server's private uploads, on this origin. */
export function isUploadUrl(url: string): boolean {
  return url.startsWith(UPLOAD_PATH_PREFIX) && !url.includes('..');
}

/**
 * An uploaded file (an ID document) read with the operator's token. Uploads are private, so
 * they cannot be an <img src>; and the token only ever goes to this origin's upload path,
 * never to an address a trader could have typed. Refusals come as an envelope and are not
 * shown (the image shows its own placeholder), except that 999 still ends the session.
 */
export async function fetchUpload(url: string, signal?: AbortSignal): Promise<Blob> {
  if (!isUploadUrl(url)) throw new AdminApiError(0, 'Not an uploaded file of this server.');
  const options: CallOptions = { silent: true, ...(signal ? { signal } : {}) };
  const response = await send(url, { headers: headers(false) }, options);
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('json')) return response.blob();
  const envelope = await readEnvelope<unknown>(response, options);
  if (envelope.code === SUCCESS_CODE) throw new AdminApiError(0, 'The upload is not a file.');
  return unwrap(envelope, options) as never;
}
