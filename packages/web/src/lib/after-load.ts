/**
 * Runs `work` once the page has loaded (at once if it already has): for what must not compete
 * with the first screen for the network or the main thread.
 */
export function afterLoad(work: () => void): void {
  if (document.readyState === 'complete') work();
  else window.addEventListener('load', work, { once: true });
}
