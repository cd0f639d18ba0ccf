import { lazy, type ReactNode, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router';

// Shown only when a route fails or is unknown: its illustrations (~35 KB of SVG) load then,
// not up front.
const RouteError = lazy(() => import('./route-error.tsx').then((m) => ({ default: m.RouteError })));

/** The page for an address no route matches. */
export const notFoundPage = (
  <Suspense fallback={null}>
    <RouteError notFound />
  </Suspense>
);

/**
 * Around each page: a page that throws shows the error page in its place, with the shell and
 * tabs still working, and the next address tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKeys={[pathname]}
      fallbackRender={({ error }) => (
        <Suspense fallback={null}>
          <RouteError error={error} />
        </Suspense>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
