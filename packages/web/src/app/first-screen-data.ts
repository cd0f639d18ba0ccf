import type { QueryClient } from '@tanstack/react-query';
import { FIRST_SCREEN_DATA_ID, type FirstScreenInput, type Language } from '@tradedesk/contract';
import { categoriesQuery, tradeListQuery } from '../features/market/api/market-api.ts';
import { announcementsHeadQuery } from '../features/news/api/news-api.ts';
import { PATHS } from '../lib/route-paths.ts';
import { loadTradeRoute } from './trade-route-loader.ts';

function openingRoute(): string {
  return window.location.hash.replace(/^#/, '').split('?')[0] || PATHS.home;
}

// The trade page's code is asked for as this module runs, beside the locale, not after it.
if (openingRoute() === PATHS.trade) void loadTradeRoute();

/**
 * The answers the server rendered the page's first screen from (server
 * platform/web/first-screen-page.ts), in the page as JSON; absent from a page without one
 * (the dev server's, the service worker's copy).
 */
function pageData(page: Document): FirstScreenInput | undefined {
  const text = page.getElementById(FIRST_SCREEN_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as FirstScreenInput;
  } catch {
    return undefined;
  }
}

/**
 * Fills the cache with the answers the page carries: the app's first render then shows what
 * the server's did, with no call to wait for. The quotes are any reader's; the categories and
 * the banner only a reader of the language they were rendered in. Counted as fetched now:
 * the live quotes take over once the first screen is painted.
 */
export function adoptPageData(
  queryClient: QueryClient,
  language: Language,
  page: Document = document,
): void {
  const data = pageData(page);
  if (!data) return;
  queryClient.setQueryData(tradeListQuery.queryKey, data.tradeList);
  if (data.language !== language) return;
  queryClient.setQueryData(categoriesQuery(language).queryKey, data.categories);
  queryClient.setQueryData(announcementsHeadQuery(language).queryKey, data.announcements);
}

/** The longest the first render waits for its data: past it, skeletons show instead. */
export const FIRST_DATA_WAIT_MS = 1_500;

/**
 * Loads what the first screen shows before it renders: the trade list (home and trade), on
 * home its categories and announcements, on trade the page's code. The page carries the
 * answers when the server rendered its first screen; otherwise index.html preloaded the
 * calls, so on a slow phone they have usually arrived before the code has; the first paint
 * then shows quotes and the banner, not skeletons that a second render replaces.
 * Resolves after FIRST_DATA_WAIT_MS at the latest, whatever is still missing.
 */
export function loadFirstScreenData(
  queryClient: QueryClient,
  language: Language,
  route = openingRoute(),
): Promise<void> {
  adoptPageData(queryClient, language);
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
