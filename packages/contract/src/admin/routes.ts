import type { AdminAccess } from './roles.ts';

/**
 * Every operator call with its method, path and who may make it, without schemas (the back
 * office's bundle needs no validation library). `:id` is a path parameter. The role matrix
 * test walks this list.
 */
export const ADMIN_ROUTES = {
  login: { method: 'POST', path: '/admin/api/login', access: 'public' },
  logout: { method: 'POST', path: '/admin/api/logout', access: 'operator' },
  me: { method: 'GET', path: '/admin/api/me', access: 'operator' },
  otpSetup: { method: 'POST', path: '/admin/api/otp/setup', access: 'operator' },
  otpEnable: { method: 'POST', path: '/admin/api/otp/enable', access: 'operator' },
  otpDisable: { method: 'POST', path: '/admin/api/otp/disable', access: 'operator' },
  changePassword: { method: 'POST', path: '/admin/api/password', access: 'operator' },
  users: { method: 'GET', path: '/admin/api/users', access: ['compliance', 'support'] },
  user: { method: 'GET', path: '/admin/api/users/:id', access: ['compliance', 'support'] },
  disableUser: { method: 'POST', path: '/admin/api/users/:id/disable', access: ['support'] },
  enableUser: { method: 'POST', path: '/admin/api/users/:id/enable', access: ['support'] },
  creditScore: { method: 'POST', path: '/admin/api/users/:id/credit_score', access: ['support'] },
  identities: { method: 'GET', path: '/admin/api/identities', access: ['compliance'] },
  approveIdentity: {
    method: 'POST',
    path: '/admin/api/identities/:id/approve',
    access: ['compliance'],
  },
  rejectIdentity: {
    method: 'POST',
    path: '/admin/api/identities/:id/reject',
    access: ['compliance'],
  },
  settings: { method: 'GET', path: '/admin/api/settings', access: [] },
  updateSettings: { method: 'POST', path: '/admin/api/settings', access: [] },
  operators: { method: 'GET', path: '/admin/api/operators', access: [] },
  createOperator: { method: 'POST', path: '/admin/api/operators', access: [] },
  disableOperator: { method: 'POST', path: '/admin/api/operators/:id/disable', access: [] },
  resetOperatorOtp: { method: 'POST', path: '/admin/api/operators/:id/otp/reset', access: [] },
  audit: { method: 'GET', path: '/admin/api/audit', access: [] },
  companies: { method: 'GET', path: '/admin/api/companies', access: ['support'] },
  saveCompany: { method: 'POST', path: '/admin/api/companies', access: ['support'] },
  deleteCompany: {
    method: 'POST',
    path: '/admin/api/companies/:id/delete',
    access: ['support'],
  },
  companySettings: { method: 'GET', path: '/admin/api/company/settings', access: [] },
  updateCompanySettings: { method: 'POST', path: '/admin/api/company/settings', access: [] },
  deposits: { method: 'GET', path: '/admin/api/deposits', access: ['finance'] },
  approveDeposit: { method: 'POST', path: '/admin/api/deposits/:id/approve', access: ['finance'] },
  rejectDeposit: { method: 'POST', path: '/admin/api/deposits/:id/reject', access: ['finance'] },
  invalidDeposit: { method: 'POST', path: '/admin/api/deposits/:id/invalid', access: ['finance'] },
  withdrawals: { method: 'GET', path: '/admin/api/withdrawals', access: ['finance'] },
  approveWithdrawal: {
    method: 'POST',
    path: '/admin/api/withdrawals/:id/approve',
    access: ['finance'],
  },
  rejectWithdrawal: {
    method: 'POST',
    path: '/admin/api/withdrawals/:id/reject',
    access: ['finance'],
  },
  paidWithdrawal: { method: 'POST', path: '/admin/api/withdrawals/:id/paid', access: ['finance'] },
  fundingConfig: { method: 'GET', path: '/admin/api/funding/config', access: ['finance'] },
  saveNetwork: { method: 'POST', path: '/admin/api/funding/networks', access: ['finance'] },
  saveWire: { method: 'POST', path: '/admin/api/funding/wires', access: ['finance'] },
  saveDrawCurrency: {
    method: 'POST',
    path: '/admin/api/funding/draw_currencies',
    access: ['finance'],
  },
  // The support desk's inbox of the built-in chat (issue 12).
  supportInbox: { method: 'GET', path: '/admin/api/support/conversations', access: ['support'] },
  supportThread: {
    method: 'GET',
    path: '/admin/api/support/conversations/:id',
    access: ['support'],
  },
  supportReply: {
    method: 'POST',
    path: '/admin/api/support/conversations/:id/reply',
    access: ['support'],
  },
  supportRead: {
    method: 'POST',
    path: '/admin/api/support/conversations/:id/read',
    access: ['support'],
  },
  // News and announcements (issue 12): the editor writes, publishes and pins them.
  newsArticles: { method: 'GET', path: '/admin/api/news', access: ['editor'] },
  newsArticle: { method: 'GET', path: '/admin/api/news/:id', access: ['editor'] },
  saveNews: { method: 'POST', path: '/admin/api/news', access: ['editor'] },
  publishNews: { method: 'POST', path: '/admin/api/news/:id/publish', access: ['editor'] },
  pinNews: { method: 'POST', path: '/admin/api/news/:id/pin', access: ['editor'] },
  newsCover: { method: 'POST', path: '/admin/api/news/cover', access: ['editor'] },
  // Complaints (issue 12): the support desk reads them, marks them handled, answers them
  // (issue 37: the trader reads the answer in the app).
  complaints: { method: 'GET', path: '/admin/api/complaints', access: ['support'] },
  handleComplaint: {
    method: 'POST',
    path: '/admin/api/complaints/:id/handled',
    access: ['support'],
  },
  answerComplaint: {
    method: 'POST',
    path: '/admin/api/complaints/:id/answer',
    access: ['support'],
  },
  // Copy trading (issue 29): who is copied with how much; compliance hides a leader.
  copyLeaders: {
    method: 'GET',
    path: '/admin/api/copy/leaders',
    access: ['compliance', 'support', 'finance'],
  },
  leaderCopies: {
    method: 'GET',
    path: '/admin/api/copy/leaders/:id/copies',
    access: ['compliance', 'support', 'finance'],
  },
  hideLeader: { method: 'POST', path: '/admin/api/copy/leaders/:id/hide', access: ['compliance'] },
  unhideLeader: {
    method: 'POST',
    path: '/admin/api/copy/leaders/:id/unhide',
    access: ['compliance'],
  },
  // Copy signals set aside after their last attempt (issue 36); support puts one back.
  copySignalsSetAside: {
    method: 'GET',
    path: '/admin/api/copy/signals/set_aside',
    access: ['compliance', 'support', 'finance'],
  },
  retryCopySignal: {
    method: 'POST',
    path: '/admin/api/copy/signals/:id/retry',
    access: ['support'],
  },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: string; access: AdminAccess }>;

export type AdminRouteName = keyof typeof ADMIN_ROUTES;

/**
 * The support desk's socket (issue 12): after `{type:'login', token}` with an operator's
 * session that may read the inbox, `{topic: SUPPORT_DESK_TOPIC, data: {user_id, id, sender}}`
 * arrives for every new chat message, so the inbox and the open conversation reload at once.
 */
export const ADMIN_WS_PATH = '/admin/ws';
export const SUPPORT_DESK_TOPIC = 'SUPPORT';
