/** Every HTTP answer has this shape (SPEC.md §7): `code` 1 is success, 999 an invalid session. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Query parameter every GET/DELETE carries so caches never answer (SPEC.md §7). */
export const CACHE_BUST_PARAM = 't';

/** Request headers of SPEC.md §7. */
export const LANG_HEADER = 'lang';
export const AUTH_HEADER = 'authorization';
