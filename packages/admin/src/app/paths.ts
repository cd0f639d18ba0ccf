/** The back office's pages, relative to its basename /admin. */
export const PATHS = {
  login: '/login',
  home: '/',
  users: '/users',
  user: '/users/:id',
  identities: '/identities',
  deposits: '/deposits',
  withdrawals: '/withdrawals',
  fundingConfig: '/funding-config',
  settings: '/settings',
  operators: '/operators',
  audit: '/audit',
  twoFactor: '/two-factor',
  support: '/support',
  news: '/news',
  complaints: '/complaints',
  companies: '/companies',
} as const;
