import type { ComponentType } from 'react';

let loaded: ComponentType | undefined;

/**
 * The trade page's code, which loads on its own, not with home (the chart library and the
 * order form load after it). main.tsx asks for it before the first render when the app opens
 * on /trade, so that the page renders at once instead of through a skeleton and a second
 * render.
 */
export async function loadTradeRoute(): Promise<ComponentType> {
  const { TradeRoute } = await import('./trade-route.tsx');
  loaded = TradeRoute;
  return TradeRoute;
}

/** The trade page's component if its code has already arrived. */
export function loadedTradeRoute(): ComponentType | undefined {
  return loaded;
}
