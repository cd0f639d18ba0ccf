import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { afterLoginPath, loginPathFrom, PATHS } from '../lib/route-paths.ts';
import { toast } from '../lib/toast.ts';
import { selectIsLoggedIn, useSessionStore } from '../stores/session-store.ts';

/**
 * Login-required routes send visitors to /login?from=<path>. The query stays with the path
 * (/mine/withdraw-way?type=2 comes back to the bank form).
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useSessionStore(selectIsLoggedIn);
  const { pathname, search } = useLocation();
  if (!loggedIn) return <Navigate to={loginPathFrom(pathname + search)} replace />;
  return children;
}

function DemoRefusal() {
  const { t } = useTranslation();
  useEffect(() => {
    toast.show({ content: t('user.only_true_account') });
  }, [t]);
  return <Navigate to={PATHS.user} replace />;
}

/** Real-account routes: demo users are told to register (user.only_true_account). */
export function RequireRealAccount({ children }: { children: ReactNode }) {
  const isDemo = useSessionStore((s) => s.user?.is_demo === 1);
  return <RequireLogin>{isDemo ? <DemoRefusal /> : children}</RequireLogin>;
}

/**
 * /login and /register are for visitors and demo users (a demo user logs in to, or opens, a
 * real account from there). A real account already logged in goes where logging in would
 * have taken it: `from`, or home. Decided on every render, not once on arrival: the same
 * page instance may outlive a login, and logging in on /login leads to the same place the
 * page itself navigates to, so the two never disagree.
 */
export function RequireVisitorOrDemo({ children }: { children: ReactNode }) {
  const loggedInReal = useSessionStore((s) => selectIsLoggedIn(s) && s.user?.is_demo !== 1);
  const [search] = useSearchParams();
  if (loggedInReal) return <Navigate to={afterLoginPath(search.get('from'))} replace />;
  return children;
}
