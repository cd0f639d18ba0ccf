import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { loginPathFrom, PATHS } from '../lib/route-paths.ts';
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
