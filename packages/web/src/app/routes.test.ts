import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router.tsx';

/**
 * Every route of SPEC.md §2, written out from its table (not read from PATHS, so that a
 * route dropped from both PATHS and the router is still caught). "rank" has no slash in
 * the table; the app serves it at /rank.
 */
const SPEC_ROUTES = [
  '/',
  '/trade',
  '/order',
  '/user',
  '/rank',
  '/news',
  '/news/detail',
  '/feedback',
  '/login',
  '/register',
  '/forgot',
  '/language',
  '/product',
  '/mine/history',
  '/mine/charge',
  '/mine/withdraw',
  '/mine/withdraw-way',
  '/mine/wallet',
  '/mine/bank-card-list',
  '/mine/coin-address-list',
  '/mine/auth',
  '/mine/invite',
  '/mine/password',
  '/mine/email',
  '/mine/announcement',
  '/mine/system',
  '/mine/chat',
] as const;

/** The path of the deepest route the router picks for a location; '*' is the not-found page. */
function matchedPath(pathname: string): string | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path;
}

describe('the router serves every route of SPEC.md §2', () => {
  it.each(SPEC_ROUTES)('%s has its own route', (pathname) => {
    expect(matchedPath(pathname)).toBe(pathname);
  });

  it('sends anything else to the not-found page', () => {
    expect(matchedPath('/mine/nowhere')).toBe('*');
  });

  it('lists 27 routes, as the table has', () => {
    expect(new Set(SPEC_ROUTES).size).toBe(27);
  });
});
