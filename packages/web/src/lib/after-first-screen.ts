/**
 * For what must not compete with the first screen for the network or the main thread (the
 * live connection, the service worker, code a tap may need later): it waits until the page
 * has loaded and the app's first screen has been painted. The load event alone comes too
 * early: the app renders once its data and texts are in, after it.
 */
/** The document's loading states (DocumentReadyState) by name. */
const DOCUMENT_STATES = {
  loading: 'loading',
  interactive: 'interactive',
  complete: 'complete',
} as const satisfies { [S in DocumentReadyState]: S };

// The server renders the first screen with the same modules (first-screen/): there is no page
// there to wait for, and nothing is ever queued.
const inBrowser = typeof document !== 'undefined';
let loaded = inBrowser && document.readyState === DOCUMENT_STATES.complete;
let painted = false;
const waiting: (() => void)[] = [];

function flush(): void {
  if (!loaded || !painted) return;
  for (const work of waiting.splice(0)) work();
}

if (inBrowser && !loaded) {
  window.addEventListener(
    'load',
    () => {
      loaded = true;
      flush();
    },
    { once: true },
  );
}

/** Runs `work` once the page has loaded and the first screen is on glass (at once after). */
export function afterFirstScreen(work: () => void): void {
  waiting.push(work);
  flush();
}

/**
 * Called by the app once its first render has committed: the work waiting runs after the
 * frame that shows it (the second frame's callback runs once the first has been painted).
 */
export function firstScreenRendered(): void {
  if (painted) return;
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      painted = true;
      flush();
    }),
  );
}
