import { SpinLoading } from 'antd-mobile';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { HomePage } from '../features/home/pages/home-page.tsx';
import { setInvalidSessionHandler } from '../lib/api-client.ts';
import { loginPathFrom, PATHS } from './route-paths.ts';
import { FOOTER_PATHS, FooterTabs } from './tabs.tsx';

/**
 * Pages that keep their state when left and re-entered (SPEC.md §2): they stay mounted,
 * hidden, once visited. The trade page joins this list with its feature.
 */
const KEPT_ALIVE: Readonly<Record<string, () => ReactNode>> = {
  [PATHS.home]: () => <HomePage />,
};

export function AppShell() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const keptAlive = pathname in KEPT_ALIVE;

  useEffect(() => {
    setInvalidSessionHandler(() => {
      const current = window.location.hash.replace(/^#/, '') || '/';
      if (!current.startsWith(PATHS.login)) navigate(loginPathFrom(current.split('?')[0] ?? '/'));
    });
  }, [navigate]);

  useEffect(() => {
    window.scrollTo(0, 0);
    if (keptAlive && !visited.has(pathname)) setVisited(new Set([...visited, pathname]));
  }, [pathname, keptAlive, visited]);

  return (
    <div className="app-shell">
      <main className={FOOTER_PATHS.includes(pathname) ? 'app-main with-footer' : 'app-main'}>
        {Object.entries(KEPT_ALIVE).map(([path, render]) =>
          visited.has(path) || path === pathname ? (
            <div key={path} hidden={path !== pathname}>
              {render()}
            </div>
          ) : null,
        )}
        {!keptAlive && (
          <Suspense fallback={<SpinLoading className="page-loading" color="primary" />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      {FOOTER_PATHS.includes(pathname) && <FooterTabs />}
    </div>
  );
}
