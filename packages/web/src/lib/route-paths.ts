/**
 * Routes of SPEC.md §2. They live in lib, not app, because features link to
 * them too (the order form sends a visitor to log in, and a placed order to the order list).
 */
export const PATHS = {
  home: '/',
  trade: '/trade',
  order: '/order',
  product: '/product',
  login: '/login',
  register: '/register',
  forgot: '/forgot',
  language: '/language',
  user: '/user',
  password: '/mine/password',
  identity: '/mine/auth',
  system: '/mine/system',
  history: '/mine/history',
  wallet: '/mine/wallet',
  charge: '/mine/charge',
  withdraw: '/mine/withdraw',
  withdrawWay: '/mine/withdraw-way',
  coinAddressList: '/mine/coin-address-list',
  bankCardList: '/mine/bank-card-list',
  rank: '/rank',
  news: '/news',
  newsDetail: '/news/detail',
  feedback: '/feedback',
  invite: '/mine/invite',
  email: '/mine/email',
  announcement: '/mine/announcement',
  chat: '/mine/chat',
  notices: '/mine/notices',
  /** The trader's price alerts (issue 41). */
  alerts: '/mine/alerts',
  /** Where the trader is told things: push on this device, channels, quiet hours (issue 41). */
  notifications: '/mine/notifications',
  /** A copy-trading leader's profile: traderPath(id) links to it. */
  trader: '/trader/:id',
  /** The follower's copies of leaders. */
  copies: '/copies',
  /** A real trader's consent to be listed in the ranking and copied (issue 36). */
  copyConsent: '/mine/copy-consent',
} as const;

/** The profile of the leader `id` (a ranking row's id). */
export function traderPath(id: number): string {
  return PATHS.trader.replace(':id', String(id));
}

/** `/login?from=/user`: the path stays readable, everything else is encoded. */
export function loginPathFrom(from: string): string {
  return `${PATHS.login}?from=${encodeURIComponent(from).replace(/%2F/gi, '/')}`;
}

/**
 * Where logging in leads: back to `from` when it is a path of this app (not another site's
 * `//host`, not /login again), otherwise home.
 */
export function afterLoginPath(from: string | null): string {
  return from?.startsWith('/') && !from.startsWith('//') && !from.startsWith(PATHS.login)
    ? from
    : PATHS.home;
}
