/**
 * The phone's Back closes the topmost sheet, picker or dialog before it leaves the page, as
 * native apps do.
 *
 * Each open overlay owns one history entry, pushed on top of its page's with the same address
 * and the router's state copied (so the router sees the same location). Back pops that entry:
 * the popstate closes every overlay whose entry is no longer in reach. An overlay closed
 * another way (its close button, the mask, a pick) steps its own entry back when it is still
 * the current one; that step is this module's business, so the router never hears of it.
 *
 * A close is often followed by a navigation (a dialog's "View orders"), which may be written
 * before the step back lands: the step would then undo it. The navigation is written again
 * from where the step landed, so the trader stays where it took them. An overlay that closed
 * because a navigation unmounted it leaves its entry behind the new page; reaching a left
 * entry later skips over it in the direction of travel, so it never costs an extra Back nor
 * reopens anything.
 *
 * The HashRouter has no navigation blocker; entries of our own also work on a page opened
 * directly (a PWA starting on its home screen), where there is no app history to block.
 */

interface OpenOverlay {
  id: string;
  close(): void;
}

interface OverlayState {
  /** The router's key of the page under the overlay (copied from its entry). */
  key?: string;
  overlay?: string;
  /** How many overlay entries stand on the page's own, this one included. */
  overlayDepth?: number;
}

/** A history move this module made and whose popstate has not come yet. */
type OwnStep =
  /** An overlay's entry stepped back after a close, with the router's writes counted then. */
  | { kind: 'release'; writes: number }
  /** Over an entry left behind, in the trader's direction: the router must see where it lands. */
  | { kind: 'skip' };

const stack: OpenOverlay[] = [];
const ownSteps: OwnStep[] = [];
/** Entry pushes waiting for release steps: a push before them would be popped by them. */
const waitingPushes: Array<() => void> = [];
let lastState: OverlayState | null = null;
/** The router's history writes so far, and its latest. */
let routerWrites = 0;
let lastWrite: { state: unknown; url: string | URL | null | undefined } | null = null;
/** Different in each page load, so an entry left by an earlier load never matches. */
const loadId = Math.random().toString(36).slice(2, 8);
let sequence = 0;
let listening = false;
/** The browser's own pushState, for this module's writes (which are not the router's). */
let pushState = (state: unknown, url?: string | URL | null): void =>
  window.history.pushState(state, '', url);

function stateOf(value: unknown): OverlayState | null {
  return value && typeof value === 'object' ? (value as OverlayState) : null;
}

function depthOf(state: OverlayState | null): number {
  return state?.overlayDepth ?? 0;
}

function step(direction: 1 | -1, kind: OwnStep): void {
  ownSteps.push(kind);
  window.history.go(direction);
}

function releasing(): boolean {
  return ownSteps.some((s) => s.kind === 'release');
}

function onPopState(event: PopStateEvent): void {
  const here = stateOf(event.state);
  const previous = lastState;
  lastState = here;
  const own = ownSteps.shift();
  if (own?.kind === 'release') {
    // The page under the overlay is the one the router already shows: it need not hear of it.
    event.stopImmediatePropagation();
    if (routerWrites !== own.writes && lastWrite) {
      // A navigation was written while the step was on its way: write it again from here.
      pushState(lastWrite.state, lastWrite.url);
      lastState = stateOf(lastWrite.state);
    }
    if (!releasing()) for (const push of waitingPushes.splice(0)) push();
    return;
  }
  const hereIndex = here?.overlay ? stack.findIndex((o) => o.id === here.overlay) : -1;
  // Closing from the top: a nested confirmation before the sheet that opened it.
  for (const overlay of stack.splice(hereIndex + 1).reverse()) overlay.close();
  if (here?.overlay && hereIndex === -1) {
    const cameForward = previous?.key === here.key && depthOf(previous) < depthOf(here);
    step(cameForward ? 1 : -1, { kind: 'skip' });
  }
}

/** Counts the router's history writes, so that a release step can tell it was overtaken. */
function watchHistoryWrites(): void {
  const { history } = window;
  const push = history.pushState.bind(history);
  const replace = history.replaceState.bind(history);
  pushState = (state, url) => push(state, '', url);
  history.pushState = (state, unused, url) => {
    push(state, unused, url);
    routerWrites += 1;
    lastWrite = { state, url };
    lastState = stateOf(state);
  };
  history.replaceState = (state, unused, url) => {
    replace(state, unused, url);
    routerWrites += 1;
    lastWrite = { state, url };
    lastState = stateOf(state);
  };
}

/**
 * Starts watching history. Called before the app renders (main.tsx), so that this popstate
 * listener runs before the router's and can keep an own step from it.
 */
export function installBackClosesOverlays(): void {
  if (listening) return;
  listening = true;
  watchHistoryWrites();
  window.addEventListener('popstate', onPopState, { capture: true });
  lastState = stateOf(window.history.state);
}

function pushEntry(id: string): void {
  const current = stateOf(window.history.state) ?? {};
  const next: OverlayState = { ...current, overlay: id, overlayDepth: depthOf(current) + 1 };
  pushState(next);
  lastState = next;
}

/** Gives an overlay that just opened its history entry; `close` runs when Back pops it. */
export function openOverlayEntry(close: () => void): string {
  installBackClosesOverlays();
  sequence += 1;
  const id = `${loadId}-${sequence}`;
  stack.push({ id, close });
  if (releasing()) waitingPushes.push(() => stack.some((o) => o.id === id) && pushEntry(id));
  else pushEntry(id);
  return id;
}

/** The overlay closed (by Back or otherwise): steps its entry back if it is still current. */
export function releaseOverlayEntry(id: string): void {
  const index = stack.findIndex((o) => o.id === id);
  if (index === -1) return; // Back closed it: its entry is gone already.
  stack.splice(index, 1);
  if (stateOf(window.history.state)?.overlay === id) {
    step(-1, { kind: 'release', writes: routerWrites });
  }
}

/** Overlays open now (for tests). */
export function openOverlayCount(): number {
  return stack.length;
}
