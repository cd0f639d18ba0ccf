import { CACHE_BUST_PARAM } from '@tradedesk/contract';

/**
 * index.html preloads the calls the first screens make (the company status, the trade list,
 * and for a reader of the default language the categories and the announcements): the
 * browser fetches them while it still downloads the JavaScript, with the server's request
 * time as `t`. The first call asking exactly that (same path and parameters) takes the link's
 * URL, so the browser answers it from the preload instead of asking again; later calls build
 * their own URL.
 *
 * A preload carries no `lang` header, so the server answers it in the default language; one
 * marked `data-language` is taken only by a reader of that language. A preload older than
 * MAX_AGE_MS (a first call long after start) is left unused: its data would be stale.
 */
const MAX_AGE_MS = 10_000;

export function takePreloadedUrl(
  path: string,
  params: URLSearchParams,
  language: string,
  pageAgeMs = performance.now(),
): string | undefined {
  const links = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]');
  const link = [...links].find((candidate) => asks(candidate, path, params, language));
  if (!link) return undefined;
  link.remove();
  const href = link.getAttribute('href') ?? '';
  // Still the untouched template (the dev server serves index.html as it is).
  if (href.includes('__REQUEST_TIME__')) return undefined;
  return pageAgeMs <= MAX_AGE_MS ? href : undefined;
}

function asks(link: HTMLLinkElement, path: string, params: URLSearchParams, language: string) {
  const answerLanguage = link.getAttribute('data-language');
  if (answerLanguage !== null && answerLanguage !== language) return false;
  const url = new URL(link.getAttribute('href') ?? '', 'http://preload.invalid');
  if (url.pathname !== path) return false;
  url.searchParams.delete(CACHE_BUST_PARAM);
  return sameParams(url.searchParams, params);
}

function sameParams(a: URLSearchParams, b: URLSearchParams): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) if (b.get(key) !== value) return false;
  return true;
}
