import {
  AUTH_HEADER,
  CACHE_BUST_PARAM,
  type EndpointName,
  type Envelope,
  INVALID_SESSION_CODE,
  LANG_HEADER,
  type RequestOf,
  type ResponseOf,
  ROUTES,
  SUCCESS_CODE,
} from '@tradedesk/contract';
import { currentLanguage, t } from '../i18n/i18n.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { takePreloadedUrl } from './preloaded-calls.ts';
import { toast } from './toast.ts';

export interface RequestOptions {
  /** Don't toast a refusal: the caller shows it inline. */
  silent?: boolean;
  /** Show the blocking loading indicator until the answer arrives. */
  loading?: boolean;
  /** Start-up requests: a 999 does not send the user to /login. */
  init?: boolean;
  /** Toast the server's success message (e.g. "The verification code has been sent"). */
  toastSuccess?: boolean;
  signal?: AbortSignal;
  /** Extra headers, e.g. the Idempotency-Key of an order. */
  headers?: Record<string, string>;
}

/** A refusal in the envelope (`code` ≠ 1) or a transport failure (`code` = HTTP status or 0). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Where the 999 handler sends the user; set by the router so the client holds no routing. */
let onInvalidSession: (() => void) | undefined;
export function setInvalidSessionHandler(handler: () => void): void {
  onInvalidSession = handler;
}

let pendingLoaders = 0;
function showLoading(): void {
  if (pendingLoaders++ === 0) toast.show({ icon: 'loading', duration: 0, maskClickable: false });
}
/**
 * Ends one blocking request. A message to show takes the spinner's place (antd-mobile keeps
 * one toast at a time), so the two never overlap on screen.
 */
function hideLoading(message?: string): void {
  pendingLoaders -= 1;
  if (message) toast.show({ content: message });
  else if (pendingLoaders === 0) toast.clear();
}
function notify(message: string, loading: boolean | undefined): void {
  if (loading) hideLoading(message);
  else toast.show({ content: message });
}

function toSearch(params: Record<string, unknown>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  return search;
}

/** Whether a field is an object (a form cannot nest one; JSON can). */
function isNested(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A POST's body: a form, as SPEC.md's client posts, unless a field nests an object (the
 * notification choices, a push subscription's keys), which only JSON can carry.
 */
export function postBody(fields: Record<string, unknown>): {
  body: string | URLSearchParams;
  contentType?: string;
} {
  if (Object.values(fields).some(isNested))
    return { body: JSON.stringify(fields), contentType: 'application/json' };
  return { body: toSearch(fields) };
}

/** The headers every call sends (SPEC.md §7): `lang`, and `authorization` once logged in. */
export function requestHeaders(extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { ...extra, [LANG_HEADER]: currentLanguage() };
  const token = useSessionStore.getState().token;
  if (token) headers[AUTH_HEADER] = token;
  return headers;
}

/** Starts the blocking loading indicator when the call asks for it; its answer ends it. */
export function beginRequest(options: RequestOptions): void {
  if (options.loading) showLoading();
}

/** A parsed body that is not an envelope (a proxy's error page, an empty body) fails as its HTTP status. */
export function toEnvelope<T>(parsed: unknown, status: number): Envelope<T> {
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    typeof (parsed as { code?: unknown }).code !== 'number'
  ) {
    throw new ApiError(status, `HTTP ${status}`);
  }
  return parsed as Envelope<T>;
}

/**
 * A call that got no envelope: toasts the network error with its code (SPEC.md §8), except a
 * cancelled call, which ends quietly. Returns what the caller should throw.
 */
export function failTransport(error: unknown, options: RequestOptions): unknown {
  if (error instanceof DOMException && error.name === 'AbortError') {
    if (options.loading) hideLoading();
    return error;
  }
  const code = error instanceof ApiError ? error.code : 0;
  notify(t('public.network_error', { code }), options.loading);
  return error instanceof ApiError ? error : new ApiError(0, String(error));
}

/**
 * An envelope's outcome: the data of a success; otherwise a thrown ApiError after toasting
 * `msg` (unless silent) and, for a 999, forgetting the session and going to /login.
 */
export function settleEnvelope<T>(envelope: Envelope<T>, options: RequestOptions): T {
  if (envelope.code === SUCCESS_CODE) {
    if (options.toastSuccess) notify(envelope.msg, options.loading);
    else if (options.loading) hideLoading();
    return envelope.data;
  }
  if (envelope.code === INVALID_SESSION_CODE) {
    useSessionStore.getState().clear();
    if (!options.init) onInvalidSession?.();
  }
  const quiet = options.silent || (options.init && envelope.code === INVALID_SESSION_CODE);
  if (!quiet) notify(envelope.msg, options.loading);
  else if (options.loading) hideLoading();
  throw new ApiError(envelope.code, envelope.msg, envelope.data);
}

/**
 * Calls one endpoint of the contract (SPEC.md §7–8): sends `lang` and `authorization`,
 * adds `t` to GET/DELETE, posts forms, unwraps the envelope, toasts refusals, and turns a
 * 999 into a logout.
 */
export async function api<N extends EndpointName>(
  name: N,
  params?: RequestOf<N>,
  options: RequestOptions = {},
): Promise<ResponseOf<N>> {
  const endpoint = ROUTES[name];
  const headers = requestHeaders(options.headers);
  const fields = (params ?? {}) as Record<string, unknown>;
  let url: string = endpoint.path;
  let body: string | URLSearchParams | undefined;
  if (endpoint.method !== 'POST') {
    const search = toSearch(fields);
    // A call index.html preloaded is answered by the preload.
    const preloaded = takePreloadedUrl(endpoint.path, search, currentLanguage());
    search.set(CACHE_BUST_PARAM, String(Date.now()));
    url = preloaded ?? `${url}?${search}`;
  } else {
    const post = postBody(fields);
    body = post.body;
    if (post.contentType) headers['content-type'] = post.contentType;
  }

  beginRequest(options);
  let envelope: Envelope<ResponseOf<N>>;
  try {
    const response = await fetch(url, {
      method: endpoint.method,
      headers,
      body,
      signal: options.signal ?? null,
    });
    envelope = toEnvelope(await response.json().catch(() => null), response.status);
  } catch (error) {
    throw failTransport(error, options);
  }
  return settleEnvelope(envelope, options);
}
