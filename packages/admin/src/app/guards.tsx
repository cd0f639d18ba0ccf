import type { AdminRouteName } from '@tradedesk/contract/admin/routes';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCan, useMe } from '../lib/operator.ts';
import { PATHS } from '../lib/paths.ts';
import { useToken } from '../lib/session.ts';
import { AdminLayout } from './admin-layout.tsx';
import { FullPageSpin } from './full-page-spin.tsx';
import { visibleNav } from './nav.tsx';

/** Where the login page returns to. */
export interface LoginState {
  from?: string;
}

/**
 * Every page but login: a token, the operator it belongs to, a password of their own first
 * (the owner created with a generated one), then enrolment when the server makes two-factor
 * mandatory.
 */
export function RequireSession() {
  const token = useToken();
  const location = useLocation();
  const me = useMe();
  if (!token) {
    const state: LoginState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={PATHS.login} replace state={state} />;
  }
  if (me.isPending) return <FullPageSpin />;
  if (me.isError)
    return (
      <Result
        status="error"
        title="Your operator account could not be loaded"
        extra={<Button onClick={() => void me.refetch()}>Try again</Button>}
      />
    );
  if (me.data.password_change_required) {
    if (location.pathname !== PATHS.password) return <Navigate to={PATHS.password} replace />;
  } else if (me.data.otp_setup_required && location.pathname !== PATHS.twoFactor)
    return <Navigate to={PATHS.twoFactor} replace />;
  return <AdminLayout me={me.data} />;
}

/** A page of some roles only; the server refuses the others anyway (4001). */
export function RequireAccess({ route, children }: { route: AdminRouteName; children: ReactNode }) {
  const can = useCan(route);
  if (!can)
    return (
      <Result
        status="403"
        title="Not available to your role"
        subTitle="Ask an owner if you need this page."
      />
    );
  return children;
}

/** The start page: the first page of the operator's menu. */
export function HomeRedirect() {
  const { data: me } = useMe();
  const first = me ? visibleNav(me)[0] : undefined;
  if (first) return <Navigate to={first.path} replace />;
  return (
    <Result
      status="info"
      title="Welcome"
      subTitle="Your role has no pages in the back office yet."
    />
  );
}
