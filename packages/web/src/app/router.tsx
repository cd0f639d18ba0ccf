import { lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { PATHS } from '../lib/route-paths.ts';
import { AppShell } from './app-shell.tsx';
import { RequireLogin, RequireRealAccount, RequireVisitorOrDemo } from './guards.tsx';
import { notFoundPage, RouteErrorBoundary } from './route-error-boundary.tsx';

// Every page but home loads on first visit, so the first screen downloads only itself.

const LoginPage = lazy(() =>
  import('../features/auth/pages/login-page.tsx').then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../features/auth/pages/register-page.tsx').then((m) => ({ default: m.RegisterPage })),
);
const ForgotPage = lazy(() =>
  import('../features/auth/pages/forgot-page.tsx').then((m) => ({ default: m.ForgotPage })),
);
const LanguagePage = lazy(() =>
  import('../features/settings/pages/language-page.tsx').then((m) => ({ default: m.LanguagePage })),
);
const UserRoute = lazy(() => import('./user-route.tsx').then((m) => ({ default: m.UserRoute })));
const PasswordPage = lazy(() =>
  import('../features/user/pages/password-page.tsx').then((m) => ({ default: m.PasswordPage })),
);
const IdentityPage = lazy(() =>
  import('../features/identity/pages/identity-page.tsx').then((m) => ({ default: m.IdentityPage })),
);
const ProductRoute = lazy(() =>
  import('./product-route.tsx').then((m) => ({ default: m.ProductRoute })),
);
const HistoryRoute = lazy(() =>
  import('./history-route.tsx').then((m) => ({ default: m.HistoryRoute })),
);
const WalletPage = lazy(() =>
  import('../features/funding/pages/wallet-page.tsx').then((m) => ({ default: m.WalletPage })),
);
const ChargePage = lazy(() =>
  import('../features/funding/pages/charge-page.tsx').then((m) => ({ default: m.ChargePage })),
);
const WithdrawPage = lazy(() =>
  import('../features/funding/pages/withdraw-page.tsx').then((m) => ({ default: m.WithdrawPage })),
);
const WithdrawWayPage = lazy(() =>
  import('../features/funding/pages/withdraw-way-page.tsx').then((m) => ({
    default: m.WithdrawWayPage,
  })),
);
const CoinAddressListPage = lazy(() =>
  import('../features/funding/pages/method-list-page.tsx').then((m) => ({
    default: m.CoinAddressListPage,
  })),
);
const BankCardListPage = lazy(() =>
  import('../features/funding/pages/method-list-page.tsx').then((m) => ({
    default: m.BankCardListPage,
  })),
);
const OrderRoute = lazy(() => import('./order-route.tsx').then((m) => ({ default: m.OrderRoute })));
const SystemPage = lazy(() =>
  import('../features/user/pages/system-page.tsx').then((m) => ({ default: m.SystemPage })),
);
const NewsPage = lazy(() =>
  import('../features/news/pages/news-page.tsx').then((m) => ({ default: m.NewsPage })),
);
const NewsDetailPage = lazy(() =>
  import('../features/news/pages/news-detail-page.tsx').then((m) => ({
    default: m.NewsDetailPage,
  })),
);
const AnnouncementPage = lazy(() =>
  import('../features/news/pages/announcement-page.tsx').then((m) => ({
    default: m.AnnouncementPage,
  })),
);
const AlertsPage = lazy(() =>
  import('../features/trade/pages/alerts-page.tsx').then((m) => ({ default: m.AlertsPage })),
);
const NotificationsPage = lazy(() =>
  import('../features/notifications/pages/notifications-page.tsx').then((m) => ({
    default: m.NotificationsPage,
  })),
);
const NoticesPage = lazy(() =>
  import('../features/trade/pages/notices-page.tsx').then((m) => ({ default: m.NoticesPage })),
);
const ChatPage = lazy(() =>
  import('../features/support/pages/chat-page.tsx').then((m) => ({ default: m.ChatPage })),
);
const InvitePage = lazy(() =>
  import('../features/user/pages/invite-page.tsx').then((m) => ({ default: m.InvitePage })),
);
const EmailPage = lazy(() =>
  import('../features/user/pages/email-page.tsx').then((m) => ({ default: m.EmailPage })),
);
const RankPage = lazy(() =>
  import('../features/ranking/pages/rank-page.tsx').then((m) => ({ default: m.RankPage })),
);
const LeaderPage = lazy(() =>
  import('../features/copying/pages/leader-page.tsx').then((m) => ({ default: m.LeaderPage })),
);
const MyCopiesPage = lazy(() =>
  import('../features/copying/pages/my-copies-page.tsx').then((m) => ({
    default: m.MyCopiesPage,
  })),
);
const CopyConsentPage = lazy(() =>
  import('../features/copying/pages/copy-consent-page.tsx').then((m) => ({
    default: m.CopyConsentPage,
  })),
);
const FeedbackPage = lazy(() =>
  import('../features/feedback/pages/feedback-page.tsx').then((m) => ({
    default: m.FeedbackPage,
  })),
);

/**
 * Every route of SPEC.md §2, for a hash router (invite links read origin +
 * /#/register?invite_code=). Plain routes, not a data router: the app uses no loaders or
 * actions, and the data router's code was 54 KB (17 KB compressed) of the first screen's
 * script. The shell puts an error boundary around each page.
 */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      // Home and trade are rendered by the shell, which keeps them alive between visits.
      { path: PATHS.home, element: null },
      { path: PATHS.trade, element: null },
      { path: PATHS.product, element: <ProductRoute /> },
      {
        path: PATHS.login,
        element: (
          <RequireVisitorOrDemo>
            <LoginPage />
          </RequireVisitorOrDemo>
        ),
      },
      {
        path: PATHS.register,
        element: (
          <RequireVisitorOrDemo>
            <RegisterPage />
          </RequireVisitorOrDemo>
        ),
      },
      { path: PATHS.forgot, element: <ForgotPage /> },
      { path: PATHS.language, element: <LanguagePage /> },
      { path: PATHS.rank, element: <RankPage /> },
      // Copy trading (issue 29): a leader's profile is open to visitors; copies need a login
      // (demo accounts copy with demo money).
      { path: PATHS.trader, element: <LeaderPage /> },
      {
        path: PATHS.copies,
        element: (
          <RequireLogin>
            <MyCopiesPage />
          </RequireLogin>
        ),
      },
      // Being listed and copied is for real accounts (issue 36): demo money leads nobody.
      {
        path: PATHS.copyConsent,
        element: (
          <RequireRealAccount>
            <CopyConsentPage />
          </RequireRealAccount>
        ),
      },
      {
        path: PATHS.user,
        element: (
          <RequireLogin>
            <UserRoute />
          </RequireLogin>
        ),
      },
      {
        path: PATHS.password,
        element: (
          <RequireRealAccount>
            <PasswordPage />
          </RequireRealAccount>
        ),
      },
      {
        path: PATHS.identity,
        element: (
          <RequireRealAccount>
            <IdentityPage />
          </RequireRealAccount>
        ),
      },
      {
        path: PATHS.order,
        element: (
          <RequireLogin>
            <OrderRoute />
          </RequireLogin>
        ),
      },
      {
        path: PATHS.system,
        element: (
          <RequireLogin>
            <SystemPage />
          </RequireLogin>
        ),
      },
      // News and announcements (SPEC.md §2): visitors read news; announcements need a login.
      { path: PATHS.news, element: <NewsPage /> },
      { path: PATHS.newsDetail, element: <NewsDetailPage /> },
      {
        path: PATHS.announcement,
        element: (
          <RequireLogin>
            <AnnouncementPage />
          </RequireLogin>
        ),
      },
      // Positions the market closed (TP, SL, stop-out): any logged-in trader, demo included.
      {
        path: PATHS.notices,
        element: (
          <RequireLogin>
            <NoticesPage />
          </RequireLogin>
        ),
      },
      // Price alerts (issue 41): any logged-in trader, demo included.
      {
        path: PATHS.alerts,
        element: (
          <RequireLogin>
            <AlertsPage />
          </RequireLogin>
        ),
      },
      // Notification settings (issue 41): any logged-in trader, demo included.
      {
        path: PATHS.notifications,
        element: (
          <RequireLogin>
            <NotificationsPage />
          </RequireLogin>
        ),
      },
      // Customer service (SPEC.md §2): any logged-in trader, demo included.
      {
        path: PATHS.chat,
        element: (
          <RequireLogin>
            <ChatPage />
          </RequireLogin>
        ),
      },
      {
        path: PATHS.history,
        element: (
          <RequireLogin>
            <HistoryRoute />
          </RequireLogin>
        ),
      },
      // Funding (SPEC.md §2): real accounts only; a demo account is told to register.
      {
        path: PATHS.wallet,
        element: (
          <RequireRealAccount>
            <WalletPage />
          </RequireRealAccount>
        ),
      },
      {
        path: PATHS.charge,
        element: (
          <RequireRealAccount>
            <ChargePage />
          </RequireRealAccount>
        ),
      },
      {
        path: PATHS.withdraw,
        element: (
          <RequireRealAccount>
            <WithdrawPage />
          </RequireRealAccount>
        ),
      },
      {
        path: PATHS.withdrawWay,
        element: (
          <RequireRealAccount>
            <WithdrawWayPage />
          </RequireRealAccount>
        ),
      },
      {
        path: PATHS.coinAddressList,
        element: (
          <RequireRealAccount>
            <CoinAddressListPage />
          </RequireRealAccount>
        ),
      },
      {
        path: PATHS.bankCardList,
        element: (
          <RequireRealAccount>
            <BankCardListPage />
          </RequireRealAccount>
        ),
      },
      // Invitations (real accounts), complaints (any login) and the feedback placeholder.
      {
        path: PATHS.invite,
        element: (
          <RequireRealAccount>
            <InvitePage />
          </RequireRealAccount>
        ),
      },
      {
        path: PATHS.email,
        element: (
          <RequireLogin>
            <EmailPage />
          </RequireLogin>
        ),
      },
      { path: PATHS.feedback, element: <FeedbackPage /> },
      { path: '*', element: notFoundPage },
    ],
  },
];

/** The page for the current address; a failure of the shell itself still shows an error page. */
export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}
