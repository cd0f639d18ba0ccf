import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { setSessionHandlers } from '../lib/admin-api.ts';
import { PATHS } from '../lib/paths.ts';
import { queryClient } from '../lib/query-client.ts';
import { adminKeys } from '../lib/query-keys.ts';
import { FullPageSpin } from './full-page-spin.tsx';
import { HomeRedirect, RequireAccess, RequireSession } from './guards.tsx';
import { NotFound, RouteError } from './route-error.tsx';

// Pages load on first visit: the first screen downloads the shell and the login form only.
const LoginPage = lazy(() =>
  import('../features/auth/pages/login-page.tsx').then((m) => ({ default: m.LoginPage })),
);
const TwoFactorPage = lazy(() =>
  import('../features/auth/pages/two-factor-page.tsx').then((m) => ({ default: m.TwoFactorPage })),
);
const ChangePasswordPage = lazy(() =>
  import('../features/auth/pages/change-password-page.tsx').then((m) => ({
    default: m.ChangePasswordPage,
  })),
);
const UsersPage = lazy(() =>
  import('../features/users/pages/users-page.tsx').then((m) => ({ default: m.UsersPage })),
);
const UserDetailPage = lazy(() =>
  import('../features/users/pages/user-detail-page.tsx').then((m) => ({
    default: m.UserDetailPage,
  })),
);
const ComplaintsPage = lazy(() =>
  import('../features/complaints/pages/complaints-page.tsx').then((m) => ({
    default: m.ComplaintsPage,
  })),
);
const CopyTradingPage = lazy(() =>
  import('../features/copying/pages/copy-trading-page.tsx').then((m) => ({
    default: m.CopyTradingPage,
  })),
);
const IdentitiesPage = lazy(() =>
  import('../features/identities/pages/identities-page.tsx').then((m) => ({
    default: m.IdentitiesPage,
  })),
);
const DepositsPage = lazy(() =>
  import('../features/funding/pages/deposits-page.tsx').then((m) => ({ default: m.DepositsPage })),
);
const WithdrawalsPage = lazy(() =>
  import('../features/funding/pages/withdrawals-page.tsx').then((m) => ({
    default: m.WithdrawalsPage,
  })),
);
const FundingConfigPage = lazy(() =>
  import('../features/funding/pages/funding-config-page.tsx').then((m) => ({
    default: m.FundingConfigPage,
  })),
);
const CompaniesPage = lazy(() =>
  import('../features/companies/pages/companies-page.tsx').then((m) => ({
    default: m.CompaniesPage,
  })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/pages/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
);
const NewsPage = lazy(() =>
  import('../features/news/pages/news-page.tsx').then((m) => ({ default: m.NewsPage })),
);
const SupportPage = lazy(() =>
  import('../features/support/pages/support-page.tsx').then((m) => ({ default: m.SupportPage })),
);
const OperatorsPage = lazy(() =>
  import('../features/operators/pages/operators-page.tsx').then((m) => ({
    default: m.OperatorsPage,
  })),
);
const AuditPage = lazy(() =>
  import('../features/audit/pages/audit-page.tsx').then((m) => ({ default: m.AuditPage })),
);

function Root() {
  return (
    <Suspense fallback={<FullPageSpin />}>
      <Outlet />
    </Suspense>
  );
}

const errorElement = <RouteError />;

/**
 * Real paths under /admin (no hash): the server answers index.html for any unknown path
 * there, so a reload or a shared link opens the same page.
 */
export const router = createBrowserRouter(
  [
    {
      element: <Root />,
      errorElement,
      children: [
        { path: PATHS.login, element: <LoginPage />, errorElement },
        {
          element: <RequireSession />,
          errorElement,
          children: [
            { index: true, element: <HomeRedirect />, errorElement },
            { path: PATHS.twoFactor, element: <TwoFactorPage />, errorElement },
            { path: PATHS.password, element: <ChangePasswordPage />, errorElement },
            {
              path: PATHS.users,
              element: (
                <RequireAccess route="users">
                  <UsersPage />
                </RequireAccess>
              ),
              errorElement,
            },
            {
              path: PATHS.user,
              element: (
                <RequireAccess route="user">
                  <UserDetailPage />
                </RequireAccess>
              ),
              errorElement,
            },
            {
              path: PATHS.identities,
              element: (
                <RequireAccess route="identities">
                  <IdentitiesPage />
                </RequireAccess>
              ),
              errorElement,
            },
            {
              path: PATHS.deposits,
              element: (
                <RequireAccess route="deposits">
                  <DepositsPage />
                </RequireAccess>
              ),
              errorElement,
            },
            {
              path: PATHS.withdrawals,
              element: (
                <RequireAccess route="withdrawals">
                  <WithdrawalsPage />
                </RequireAccess>
              ),
              errorElement,
            },
            {
              path: PATHS.fundingConfig,
              element: (
                <RequireAccess route="fundingConfig">
                  <FundingConfigPage />
                </RequireAccess>
              ),
              errorElement,
            },
            {
              path: PATHS.companies,
              element: (
                <RequireAccess route="companies">
                  <CompaniesPage />
                </RequireAccess>
              ),
              errorElement,
            },
            {
              path: PATHS.settings,
              element: (
                <RequireAccess route="settings">
                  <SettingsPage />
                </RequireAccess>
              ),
              errorElement,
            },
            {
              path: PATHS.operators,
              element: (
                <RequireAccess route="operators">
                  <OperatorsPage />
                </RequireAccess>
              ),
              errorElement,
            },
            {
              path: PATHS.audit,
              element: (
                <RequireAccess route="audit">
                  <AuditPage />
                </RequireAccess>
              ),
              errorElement,
            },
            {
              path: PATHS.support,
              element: (
                <RequireAccess route="supportInbox">
                  <SupportPage />
                </RequireAccess>
              ),
              errorElement,
            },
            {
              path: PATHS.complaints,
              element: (
                <RequireAccess route="complaints">
                  <ComplaintsPage />
                </RequireAccess>
              ),
              errorElement,
            },
            {
              path: PATHS.copyTrading,
              element: (
                <RequireAccess route="copyLeaders">
                  <CopyTradingPage />
                </RequireAccess>
              ),
              errorElement,
            },
            {
              path: PATHS.news,
              element: (
                <RequireAccess route="newsArticles">
                  <NewsPage />
                </RequireAccess>
              ),
              errorElement,
            },
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ],
  { basename: '/admin' },
);

setSessionHandlers({
  // The client has dropped the token; the session guard sends the operator to the login
  // page. What was cached for them goes too (after the failing query has settled).
  onInvalidSession: () => setTimeout(() => queryClient.clear(), 0),
  onSetupRequired: () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.me });
    void router.navigate(PATHS.twoFactor);
  },
  onPasswordChangeRequired: () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.me });
    void router.navigate(PATHS.password);
  },
});
