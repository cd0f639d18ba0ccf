import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ConnectionBanner } from '../components/ui/connection-banner.tsx';
import { PageSpinner } from '../components/ui/page-spinner.tsx';
import { useLiveFunding } from '../features/funding/hooks/use-live-funding.ts';
import { tradeListQuery } from '../features/market/api/market-api.ts';
import { TradePageSkeleton } from '../features/market/components/trade-page-skeleton.tsx';
import { useLiveQuotes } from '../features/market/hooks/use-live-quotes.ts';
import { HomePage } from '../features/market/pages/home-page.tsx';
import { HomeAnnouncement } from '../features/news/components/home-announcement.tsx';
import { useLiveOrders } from '../features/trade/hooks/use-live-orders.ts';
import { afterFirstScreen } from '../lib/after-first-screen.ts';
import { setInvalidSessionHandler } from '../lib/api-client.ts';
import { loginPathFrom, PATHS } from '../lib/route-paths.ts';
import { socketClient } from '../lib/ws-client.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { FOOTER_PATHS, FooterTabs } from './tabs.tsx';
import { loadedTradeRoute, loadTradeRoute } from './trade-route-loader.ts';

/**
 * Pages that keep their state when left and re-entered (SPEC.md §2): they stay mounted,
 * hidden, once visited.
 */
const TradeRoute = lazy(() => loadTradeRoute().then((page) => ({ default: page })));

function TradeRouteWhenLoaded() {
  // Already here (opened on /trade): rendered at once, no skeleton first. Decided once, at
  // mount: switching trees later would remount the page and lose its state.
  const [Loaded] = useState(loadedTradeRoute);
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={<TradePageSkeleton />}>
      <TradeRoute />
    </Suspense>
  );
}

/** How old the trade list may be when / or /trade is entered before it is reloaded. */
const FRESH_LIST_MS = 3_000;

const KEPT_ALIVE: Readonly<Record<string, () => ReactNode>> = {
  [PATHS.home]: () => <HomePage banner={<HomeAnnouncement />} />,
  [PATHS.trade]: () => <TradeRouteWhenLoaded />,
};

export function AppShell() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const keptAlive = pathname in KEPT_ALIVE;
  const token = useSessionStore((s) => s.token);
  const queryClient = useQueryClient();
  // One DAY_MARKET subscription for the app: home and trade stay mounted and share the list.
  useLiveQuotes();
  // Live P&L and closed positions for whoever is logged in, whatever page is open.
  useLiveOrders(token !== null);
  // The desk's decisions on my deposits and withdrawals, toasted wherever I am.
  useLiveFunding();

  // SPEC.md §2: entering / or /trade refreshes the trade list.
  useEffect(() => {
    if (pathname === PATHS.home || pathname === PATHS.trade) {
      // A list loaded moments ago (the first one, answered by index.html's preload) or a
      // load under way is fresh enough: it is not asked for again.
      const { dataUpdatedAt } = queryClient.getQueryState(tradeListQuery.queryKey) ?? {};
      if (dataUpdatedAt && Date.now() - dataUpdatedAt < FRESH_LIST_MS) return;
      void queryClient.invalidateQueries(
        { queryKey: tradeListQuery.queryKey, exact: true },
        { cancelRefetch: false },
      );
    }
  }, [pathname, queryClient]);

  // The socket carries the session: logging in or out tells it.
  useEffect(() => {
    if (token) socketClient.login(token);
    else socketClient.logout();
  }, [token]);

  useEffect(() => {
    setInvalidSessionHandler(() => {
      const current = window.location.hash.replace(/^#/, '') || '/';
      if (!current.startsWith(PATHS.login)) navigate(loginPathFrom(current.split('?')[0] ?? '/'));
    });
  }, [navigate]);

  useEffect(() => {
    // SPEC.md §2: every navigation (re)starts the live connection. The first waits for the
    // first screen to be painted: it paints from the snapshot, and ten frames a second of
    // quotes would only slow that down on a phone.
    afterFirstScreen(() => socketClient.start());
    window.scrollTo(0, 0);
    if (keptAlive && !visited.has(pathname)) setVisited(new Set([...visited, pathname]));
  }, [pathname, keptAlive, visited]);

  return (
    <div className="app-shell">
      <ConnectionBanner />
      <main className={FOOTER_PATHS.includes(pathname) ? 'app-main with-footer' : 'app-main'}>
        {Object.entries(KEPT_ALIVE).map(([path, render]) =>
          visited.has(path) || path === pathname ? (
            <div key={path} hidden={path !== pathname}>
              <RouteErrorBoundary>{render()}</RouteErrorBoundary>
            </div>
          ) : null,
        )}
        {!keptAlive && (
          <RouteErrorBoundary>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        )}
      </main>
      {FOOTER_PATHS.includes(pathname) && <FooterTabs />}
    </div>
  );
}
