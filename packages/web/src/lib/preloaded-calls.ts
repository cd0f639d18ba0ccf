/**
 * index.html preloads the calls every first screen makes (the company status, the trade
 * list): the browser fetches them while it is still downloading the JavaScript, with the
 * server's request time as `t`. The first call of such an endpoint takes that link's URL, so
 * the browser answers it from the preload instead of asking again; every later call builds
 * its own URL. A preload older than MAX_AGE_MS (a first call long after start) is left
 * unused: its data would be stale.
 */
const MAX_AGE_MS = 10_000;

export function takePreloadedUrl(path: string, pageAgeMs = performance.now()): string | undefined {
  const link = [
    ...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]'),
  ].find((candidate) => candidate.getAttribute('href')?.split('?')[0] === path);
  if (!link) return undefined;
  link.remove();
  const href = link.getAttribute('href') ?? undefined;
  // Still the untouched template (the dev server serves index.html as it is).
  if (href === undefined || href.includes('__REQUEST_TIME__')) return undefined;
  return pageAgeMs <= MAX_AGE_MS ? href : undefined;
}
