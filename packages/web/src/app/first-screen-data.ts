import type { QueryClient } from '@tanstack/react-query';
import type { Language } from '@tradedesk/contract';
import { categoriesQuery, tradeListQuery } from '../features/market/api/market-api.ts';
import { announcementsHeadQuery } from '../features/news/api/news-api.ts';
import { PATHS } from '../lib/route-paths.ts';
import { loadTradeRoute } from './trade-route-loader.ts';

function openingRoute(): string {
  return window.location.hash.replace(/^#/, '').split('?')[0] || PATHS.home;
}

// The trade page's code is asked for as this module runs, beside the locale, not after it.
if (openingRoute() === PATHS.trade) void loadTradeRoute();

/** The longest the first render waits for its data: past it, skeletons show instead. */
export const FIRST_DATA_WAIT_MS = 1_500;

/**
 * Loads what the first screen shows before it renders: the trade list (home and trade), on
 * home its categories and announcements, on trade the page's code. index.html preloaded the
 * calls, so on a slow phone they have usually arrived before the code has; the first paint
 * then shows quotes and the banner, not skeletons that a second render replaces.
 * Resolves after FIRST_DATA_WAIT_MS at the latest, whatever is still missing.
 */
export function loadFirstScreenData(
  queryClient: QueryClient,
  language: Language,
  route = openingRoute(),
): Promise<void> {
  if (route !== PATHS.home && route !== PATHS.trade) return Promise.resolve();
  const loads: Promise<unknown>[] = [queryClient.prefetchQuery(tradeListQuery)];
  if (route === PATHS.trade) loads.push(loadTradeRoute());
  if (route === PATHS.home) {
    loads.push(
      queryClient.prefetchQuery(categoriesQuery(language)),
      queryClient.prefetchQuery(announcementsHeadQuery(language)),
    );
  }
  const deadline = new Promise<void>((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS));
  return Promise.race([Promise.all(loads).then(() => undefined), deadline]);
}
