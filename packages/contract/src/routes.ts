import type { Access } from './access.ts';

/**
 * Method, path and access of every endpoint, without schemas: what the web client needs to
 * call them, so that its bundle carries no validation library.
 */
export const ROUTES = {
  areaList: { method: 'GET', path: '/api/default/area_list', access: 'visitor' },
  setting: { method: 'GET', path: '/api/default/setting', access: 'visitor' },
  basicInfo: { method: 'GET', path: '/api/basicSet/getBasicInfo', access: 'visitor' },
  companyStatus: { method: 'GET', path: '/api/company/getCompanyStatus', access: 'visitor' },
  companySearch: { method: 'GET', path: '/api/company/getCompany', access: 'visitor' },
  captcha: { method: 'GET', path: '/api/captcha', access: 'visitor' },
  sendSms: { method: 'POST', path: '/api/notify/send_sms', access: 'visitor' },
  sendEmail: { method: 'POST', path: '/api/notify/send_email', access: 'visitor' },
  register: { method: 'POST', path: '/api/user/register', access: 'visitor' },
  login: { method: 'POST', path: '/api/user/loginForU', access: 'visitor' },
  demo: { method: 'GET', path: '/api/user/createAccountDemoForU', access: 'visitor' },
  userInfo: { method: 'GET', path: '/api/user/info', access: 'user' },
  amendPassword: { method: 'POST', path: '/api/user/amend_password', access: 'real' },
  forgetPassword: { method: 'POST', path: '/api/user/forget_password', access: 'visitor' },
  logout: { method: 'POST', path: '/api/user/logout', access: 'user' },
  tradeList: { method: 'GET', path: '/v1/api/forex/trade_list', access: 'visitor' },
  categories: { method: 'GET', path: '/v1/api/forex/getCategories', access: 'visitor' },
  kline: { method: 'GET', path: '/v1/api/forex/kline', access: 'visitor' },
  abbreviatedKline: {
    method: 'GET',
    path: '/v1/api/forex/abbreviated_cache_kline',
    access: 'visitor',
  },
  getBalance: { method: 'GET', path: '/v1/api/main/wallet/getBalance', access: 'user' },
  forexDetail: { method: 'GET', path: '/v1/api/main/account/forexDetail', access: 'user' },
  ledger: { method: 'GET', path: '/v1/api/main/accountLog/forexChange', access: 'user' },
  resetDemo: { method: 'GET', path: '/v1/api/main/user/resetForexDemoAccount', access: 'user' },
  submitOrder: { method: 'POST', path: '/v1/api/forex/submit', access: 'user' },
  myDeal: { method: 'GET', path: '/v1/api/forex/my_deal', access: 'user' },
  closeOrder: { method: 'POST', path: '/v1/api/forex/close', access: 'user' },
  cancelOrder: { method: 'POST', path: '/v1/api/forex/cancel_trade', access: 'user' },
  setStopPrice: { method: 'POST', path: '/v1/api/forex/set_stop_price', access: 'user' },
  modifyPending: { method: 'POST', path: '/v1/api/forex/modify_pending', access: 'user' },
  closePart: { method: 'POST', path: '/v1/api/forex/close_part', access: 'user' },
  setTrailing: { method: 'POST', path: '/v1/api/forex/set_trailing', access: 'user' },
  imageUpload: { method: 'POST', path: '/api/common/image_upload', access: 'real' },
  identityCenter: { method: 'GET', path: '/api/user_real/center', access: 'real' },
  realName: { method: 'POST', path: '/api/user_real/real_name', access: 'real' },
  depositNetworks: { method: 'GET', path: '/api/quickCharge/info', access: 'real' },
  chargeSubmit: { method: 'POST', path: '/api/quickCharge/submit', access: 'real' },
  wireCurrencies: { method: 'GET', path: '/api/quickCharge/symbols', access: 'real' },
  wireInfo: { method: 'GET', path: '/api/quickCharge/wire_info', access: 'real' },
  wireSubmit: { method: 'POST', path: '/api/quickCharge/wire_submit', access: 'real' },
  depositList: { method: 'GET', path: '/api/quickCharge/quick_ist', access: 'real' },
  drawSymbols: { method: 'GET', path: '/api/account/draw_symbol_list', access: 'real' },
  draw: { method: 'POST', path: '/api/account/draw', access: 'real' },
  drawList: { method: 'GET', path: '/api/account/draw_list', access: 'real' },
  drawMethods: { method: 'GET', path: '/api/wallet/get_draw_method', access: 'real' },
  bindDrawMethod: { method: 'POST', path: '/api/wallet/bind_draw_method', access: 'real' },
  delDrawMethod: { method: 'POST', path: '/api/wallet/del_draw_method', access: 'real' },
  // Invitations and complaints (issue 12; paths ours): invitees are real accounts' business.
  inviteList: { method: 'GET', path: '/api/user/invite_list', access: 'real' },
  complaint: { method: 'POST', path: '/api/user/complaint', access: 'user' },
  complaintList: { method: 'GET', path: '/api/user/complaint_list', access: 'user' },
  newsList: { method: 'GET', path: '/api/news/list', access: 'visitor' },
  newsInfo: { method: 'GET', path: '/api/news/info', access: 'visitor' },
  // The built-in customer-service chat (issue 12): any logged-in trader, demo included.
  chatMessages: { method: 'GET', path: '/api/support/messages', access: 'user' },
  chatSend: { method: 'POST', path: '/api/support/send', access: 'user' },
  chatRead: { method: 'POST', path: '/api/support/read', access: 'user' },
  chatUnread: { method: 'GET', path: '/api/support/unread', access: 'user' },
  // The copy-trading ranking ("documentary", issue 12): figures of real traders, refreshed each minute.
  followList: { method: 'GET', path: '/api/follow/list', access: 'visitor' },
  // Copy trading (issue 29): a leader's profile and curve are public; copying needs a login
  // (a demo user copies with demo money).
  followDetail: { method: 'GET', path: '/api/follow/detail', access: 'visitor' },
  followEquity: { method: 'GET', path: '/api/follow/equity', access: 'visitor' },
  followCopy: { method: 'POST', path: '/api/follow/copy', access: 'user' },
  // Price alerts (issue 41; paths ours).
  alerts: { method: 'GET', path: '/api/alerts', access: 'user' },
  alertCreate: { method: 'POST', path: '/api/alerts/create', access: 'user' },
  alertDelete: { method: 'POST', path: '/api/alerts/delete', access: 'user' },
  // Where a trader is told things (issue 41; paths ours but the push ones, the issue's).
  pushKey: { method: 'GET', path: '/api/push/key', access: 'user' },
  pushSubscribe: { method: 'POST', path: '/api/push/subscribe', access: 'user' },
  pushUnsubscribe: { method: 'POST', path: '/api/push/unsubscribe', access: 'user' },
  notificationSettings: { method: 'GET', path: '/api/notifications/settings', access: 'user' },
  notificationSettingsSave: { method: 'POST', path: '/api/notifications/save', access: 'user' },
  notificationTest: { method: 'POST', path: '/api/notifications/test', access: 'user' },
  followPause: { method: 'POST', path: '/api/follow/pause', access: 'user' },
  followResume: { method: 'POST', path: '/api/follow/resume', access: 'user' },
  followAddFunds: { method: 'POST', path: '/api/follow/add_funds', access: 'user' },
  followStop: { method: 'POST', path: '/api/follow/stop', access: 'user' },
  myCopies: { method: 'GET', path: '/api/follow/my_copies', access: 'user' },
  // A real trader's consent to be listed and copied (issue 36): a demo account leads nobody.
  followSettings: { method: 'GET', path: '/api/follow/settings', access: 'real' },
  setFollowSettings: { method: 'POST', path: '/api/follow/settings', access: 'real' },
} as const satisfies Record<
  string,
  { method: 'GET' | 'POST' | 'DELETE'; path: string; access: Access }
>;

export type RouteName = keyof typeof ROUTES;
