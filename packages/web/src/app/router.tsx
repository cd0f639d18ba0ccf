import { lazy } from 'react';
import { createHashRouter } from 'react-router';
import { PATHS } from '../lib/route-paths.ts';
import { AppShell } from './app-shell.tsx';
import { RequireLogin, RequireRealAccount } from './guards.tsx';
import { RouteError } from './route-error.tsx';

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
const OrderPage = lazy(() =>
  import('../features/trade/pages/order-page.tsx').then((m) => ({ default: m.OrderPage })),
);
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
const FeedbackPage = lazy(() =>
  import('../features/feedback/pages/feedback-page.tsx').then((m) => ({
    default: m.FeedbackPage,
  })),
);

/** A hash router, so invite links read origin + /#/register?invite_code= (SPEC.md §2). */
export const router = createHashRouter([
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      // Home and trade are rendered by the shell, which keeps them alive between visits.
      { path: PATHS.home, element: null, errorElement: <RouteError /> },
      { path: PATHS.trade, element: null, errorElement: <RouteError /> },
      { path: PATHS.product, element: <ProductRoute />, errorElement: <RouteError /> },
      { path: PATHS.login, element: <LoginPage />, errorElement: <RouteError /> },
      { path: PATHS.register, element: <RegisterPage />, errorElement: <RouteError /> },
      { path: PATHS.forgot, element: <ForgotPage />, errorElement: <RouteError /> },
      { path: PATHS.language, element: <LanguagePage />, errorElement: <RouteError /> },
      { path: PATHS.rank, element: <RankPage />, errorElement: <RouteError /> },
      {
        path: PATHS.user,
        element: (
          <RequireLogin>
            <UserRoute />
          </RequireLogin>
        ),
        errorElement: <RouteError />,
      },
      {
        path: PATHS.password,
        element: (
          <RequireRealAccount>
            <PasswordPage />
          </RequireRealAccount>
        ),
        errorElement: <RouteError />,
      },
      {
        path: PATHS.identity,
        element: (
          <RequireRealAccount>
            <IdentityPage />
          </RequireRealAccount>
        ),
        errorElement: <RouteError />,
      },
      {
        path: PATHS.order,
        element: (
          <RequireLogin>
            <OrderPage />
          </RequireLogin>
        ),
        errorElement: <RouteError />,
      },
      {
        path: PATHS.system,
        element: (
          <RequireLogin>
            <SystemPage />
          </RequireLogin>
        ),
        errorElement: <RouteError />,
      },
      // News and announcements (SPEC.md §2): visitors read news; announcements need a login.
      { path: PATHS.news, element: <NewsPage />, errorElement: <RouteError /> },
      { path: PATHS.newsDetail, element: <NewsDetailPage />, errorElement: <RouteError /> },
      {
        path: PATHS.announcement,
        element: (
          <RequireLogin>
            <AnnouncementPage />
          </RequireLogin>
        ),
        errorElement: <RouteError />,
      },
      // Customer service (SPEC.md §2): any logged-in trader, demo included.
      {
        path: PATHS.chat,
        element: (
          <RequireLogin>
            <ChatPage />
          </RequireLogin>
        ),
        errorElement: <RouteError />,
      },
      {
        path: PATHS.history,
        element: (
          <RequireLogin>
            <HistoryRoute />
          </RequireLogin>
        ),
        errorElement: <RouteError />,
      },
      // Funding (SPEC.md §2): real accounts only; a demo account is told to register.
      {
        path: PATHS.wallet,
        element: (
          <RequireRealAccount>
            <WalletPage />
          </RequireRealAccount>
        ),
        errorElement: <RouteError />,
      },
      {
        path: PATHS.charge,
        element: (
          <RequireRealAccount>
            <ChargePage />
          </RequireRealAccount>
        ),
        errorElement: <RouteError />,
      },
      {
        path: PATHS.withdraw,
        element: (
          <RequireRealAccount>
            <WithdrawPage />
          </RequireRealAccount>
        ),
        errorElement: <RouteError />,
      },
      {
        path: PATHS.withdrawWay,
        element: (
          <RequireRealAccount>
            <WithdrawWayPage />
          </RequireRealAccount>
        ),
        errorElement: <RouteError />,
      },
      {
        path: PATHS.coinAddressList,
        element: (
          <RequireRealAccount>
            <CoinAddressListPage />
          </RequireRealAccount>
        ),
        errorElement: <RouteError />,
      },
      {
        path: PATHS.bankCardList,
        element: (
          <RequireRealAccount>
            <BankCardListPage />
          </RequireRealAccount>
        ),
        errorElement: <RouteError />,
      },
      // Invitations (real accounts), complaints (any login) and the feedback placeholder.
      {
        path: PATHS.invite,
        element: (
          <RequireRealAccount>
            <InvitePage />
          </RequireRealAccount>
        ),
        errorElement: <RouteError />,
      },
      {
        path: PATHS.email,
        element: (
          <RequireLogin>
            <EmailPage />
          </RequireLogin>
        ),
        errorElement: <RouteError />,
      },
      { path: PATHS.feedback, element: <FeedbackPage />, errorElement: <RouteError /> },
      { path: '*', element: <RouteError notFound />, errorElement: <RouteError /> },
    ],
  },
]);
