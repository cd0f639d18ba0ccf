import type { ToastShowProps } from 'antd-mobile';
import { afterFirstScreen } from './after-first-screen.ts';

type ToastApi = typeof import('antd-mobile').Toast;

/**
 * antd-mobile's Toast, loaded on first use (or once the first screen is painted) instead of with the
 * first screen: with its mask it brings the animation library (~45 KB of script) that no
 * first screen needs. Calls made before it arrives run in order when it does.
 */
let loaded: ToastApi | undefined;
let loading: Promise<ToastApi> | undefined;
const queued: ((api: ToastApi) => void)[] = [];

export function loadToast(): Promise<ToastApi> {
  loading ??= import('./toast-impl.ts').then(({ Toast }) => {
    loaded = Toast;
    for (const call of queued.splice(0)) call(Toast);
    return Toast;
  });
  return loading;
}

function run(call: (api: ToastApi) => void): void {
  if (loaded) {
    call(loaded);
    return;
  }
  queued.push(call);
  void loadToast();
}

export const toast = {
  show(props: ToastShowProps | string): void {
    run((api) => api.show(props));
  },
  clear(): void {
    run((api) => api.clear());
  },
};

/**
 * How long after the first screen the Toast is fetched, if nothing needed it before: its
 * evaluation is one long task (~35 ms on a fast phone, four times that on a slow one), which
 * is better spent after the page has settled than while the app starts (issue 39).
 */
const PREFETCH_AFTER_MS = 8_000;

/** Fetches the Toast once the page has settled and the browser is idle, before a tap needs it. */
export function prefetchToastWhenIdle(): void {
  afterFirstScreen(() => {
    const fetchIt = () => void loadToast();
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(fetchIt, { timeout: 3_000 });
      else fetchIt();
    }, PREFETCH_AFTER_MS);
  });
}
