import { createHashRouter } from 'react-router';
import { ForgotPage } from '../features/auth/pages/forgot-page.tsx';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { RegisterPage } from '../features/auth/pages/register-page.tsx';
import { LanguagePage } from '../features/settings/pages/language-page.tsx';
import { PasswordPage } from '../features/user/pages/password-page.tsx';
import { SystemPage } from '../features/user/pages/system-page.tsx';
import { UserPage } from '../features/user/pages/user-page.tsx';
import { AppShell } from './app-shell.tsx';
import { RequireLogin, RequireRealAccount } from './guards.tsx';
import { RouteError } from './route-error.tsx';
import { PATHS } from './route-paths.ts';

/** A hash router, so invite links read origin + /#/register?invite_code= (SPEC.md §2). */
export const router = createHashRouter([
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      // Rendered by the shell, which keeps it alive between visits.
      { path: PATHS.home, element: null, errorElement: <RouteError /> },
      { path: PATHS.login, element: <LoginPage />, errorElement: <RouteError /> },
      { path: PATHS.register, element: <RegisterPage />, errorElement: <RouteError /> },
      { path: PATHS.forgot, element: <ForgotPage />, errorElement: <RouteError /> },
      { path: PATHS.language, element: <LanguagePage />, errorElement: <RouteError /> },
      {
        path: PATHS.user,
        element: (
          <RequireLogin>
            <UserPage />
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
        path: PATHS.system,
        element: (
          <RequireLogin>
            <SystemPage />
          </RequireLogin>
        ),
        errorElement: <RouteError />,
      },
      { path: '*', element: <RouteError notFound />, errorElement: <RouteError /> },
    ],
  },
]);
