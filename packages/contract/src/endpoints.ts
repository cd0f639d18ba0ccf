import { z } from 'zod';
import type { Access } from './access.ts';
import {
  balanceSchema,
  forexDetailSchema,
  ledgerPageSchema,
  pageRequestSchema,
} from './http/accounts.ts';
import {
  alertIdRequestSchema,
  alertSchema,
  alertsSchema,
  createAlertRequestSchema,
} from './http/alerts.ts';
import { companySchema, companySearchRequestSchema, companyStatusSchema } from './http/company.ts';
import {
  complaintListRequestSchema,
  complaintListSchema,
  complaintRequestSchema,
  complaintSchema,
} from './http/complaints.ts';
import {
  addFundsRequestSchema,
  copyIdRequestSchema,
  copyRequestSchema,
  copySchema,
  equityCurveSchema,
  equityRequestSchema,
  leaderProfileSchema,
  leaderRequestSchema,
  leaderSettingsRequestSchema,
  leaderSettingsSchema,
  myCopiesSchema,
} from './http/copying.ts';
import {
  bindDrawMethodRequestSchema,
  boundMethodSchema,
  chargeSubmitRequestSchema,
  depositListRequestSchema,
  depositListSchema,
  depositNetworkSchema,
  depositRecordSchema,
  drawCurrencySchema,
  drawListRequestSchema,
  drawListSchema,
  drawMethodsRequestSchema,
  drawRequestSchema,
  drawSymbolRequestSchema,
  idRequestSchema,
  wireCurrencySchema,
  wireInfoRequestSchema,
  wireOptionSchema,
  wireSubmitRequestSchema,
  withdrawRecordSchema,
} from './http/funding.ts';
import { identityCenterSchema, imageUploadSchema, realNameRequestSchema } from './http/identity.ts';
import { inviteListSchema } from './http/invitations.ts';
import {
  abbreviatedKlineRequestSchema,
  candleSchema,
  categorySchema,
  instrumentSchema,
  klineRequestSchema,
  tradeListRequestSchema,
} from './http/market.ts';
import {
  newsInfoRequestSchema,
  newsInfoSchema,
  newsListRequestSchema,
  newsListSchema,
} from './http/news.ts';
import {
  notificationSettingsRequestSchema,
  notificationSettingsSchema,
  notificationTestSchema,
  pushKeySchema,
  pushSubscribeRequestSchema,
  pushUnsubscribeRequestSchema,
} from './http/notifications.ts';
import { rankingSchema } from './http/ranking.ts';
import {
  areaSchema,
  basicInfoSchema,
  settingRequestSchema,
  settingSchema,
} from './http/settings.ts';
import {
  chatMessageSchema,
  chatMessagesRequestSchema,
  chatPageSchema,
  chatReadRequestSchema,
  chatSendRequestSchema,
  chatUnreadSchema,
} from './http/support.ts';
import {
  closePartRequestSchema,
  modifyPendingRequestSchema,
  myDealRequestSchema,
  myDealSchema,
  orderIdRequestSchema,
  orderSchema,
  setStopPriceRequestSchema,
  setTrailingRequestSchema,
  submitOrderRequestSchema,
} from './http/trading.ts';
import {
  amendPasswordRequestSchema,
  captchaSchema,
  demoRequestSchema,
  forgetPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  sendEmailRequestSchema,
  sendSmsRequestSchema,
  sessionSchema,
  userSchema,
} from './http/users.ts';
import { ROUTES } from './routes.ts';

export interface Endpoint {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  access: Access;
  summary: string;
  /** Parameters, wherever they arrive: query, JSON body or form body. */
  request?: z.ZodType;
  /** The `data` of a successful envelope. */
  response: z.ZodType;
  /** The request is multipart/form-data (a file), not parameters. */
  multipart?: boolean;
  /** Request headers beyond lang and authorization. */
  headers?: readonly { name: string; description: string }[];
}

const empty = z.null();

/**
 * Every HTTP endpoint: the server registers routes from this list (so access rules live in
 * one place) and the OpenAPI document at /docs is generated from it. Paths are SPEC.md §7's.
 */
export const ENDPOINTS = {
  areaList: {
    ...ROUTES.areaList,
    summary:
      'Every country or territory with its calling code, less those whose residents are not served (UNSERVED_AREA_CODES)',
    response: z.array(areaSchema),
  },
  setting: {
    ...ROUTES.setting,
    summary: 'One public setting, e.g. key=is_show_mobile',
    request: settingRequestSchema,
    response: settingSchema,
  },
  basicInfo: {
    ...ROUTES.basicInfo,
    summary: 'Settings the client needs at start',
    response: basicInfoSchema,
  },
  companyStatus: {
    ...ROUTES.companyStatus,
    summary:
      'The start-up check: status 0 the site is off (go to url, the loss URL); type 0 main (company) mode',
    response: companyStatusSchema,
  },
  companySearch: {
    ...ROUTES.companySearch,
    summary: 'Published companies whose name contains name (any case), by name, at most 20',
    request: companySearchRequestSchema,
    response: z.array(companySchema),
  },
  captcha: {
    ...ROUTES.captcha,
    summary: 'A captcha image (SVG data URL) and the key to answer it with',
    response: captchaSchema,
  },
  sendSms: {
    ...ROUTES.sendSms,
    summary: 'Send a 6-digit code by SMS (type 1 register, 2 reset)',
    request: sendSmsRequestSchema,
    response: empty,
  },
  sendEmail: {
    ...ROUTES.sendEmail,
    summary: 'Send a 6-digit code by e-mail (type 1 register, 2 reset)',
    request: sendEmailRequestSchema,
    response: empty,
  },
  register: {
    ...ROUTES.register,
    summary: 'Register by e-mail or mobile; success goes to login (no session)',
    request: registerRequestSchema,
    response: empty,
  },
  login: {
    ...ROUTES.login,
    summary: 'Log in with e-mail or mobile number and password',
    request: loginRequestSchema,
    response: sessionSchema,
  },
  demo: {
    ...ROUTES.demo,
    summary: 'A session for the demo account of a device (same demo_id, same account)',
    request: demoRequestSchema,
    response: sessionSchema,
  },
  userInfo: {
    ...ROUTES.userInfo,
    summary: 'The logged-in user',
    response: userSchema,
  },
  amendPassword: {
    ...ROUTES.amendPassword,
    summary: 'Change the password (type 1: auth_code is the current password; 2: a code)',
    request: amendPasswordRequestSchema,
    response: empty,
  },
  forgetPassword: {
    ...ROUTES.forgetPassword,
    summary: 'Reset a forgotten password with a code; revokes every session',
    request: forgetPasswordRequestSchema,
    response: empty,
  },
  logout: {
    ...ROUTES.logout,
    summary: 'Revoke the current session token',
    response: empty,
  },
  tradeList: {
    ...ROUTES.tradeList,
    summary:
      'Every instrument with its market status and 24 h quote; searchCurrency filters by code or name',
    request: tradeListRequestSchema,
    response: z.array(instrumentSchema),
  },
  categories: {
    ...ROUTES.categories,
    summary: 'Instrument categories, names translated by lang',
    response: z.array(categorySchema),
  },
  kline: {
    ...ROUTES.kline,
    summary: 'Candles of an instrument and period, oldest first (at least 300)',
    request: klineRequestSchema,
    response: z.array(candleSchema),
  },
  abbreviatedKline: {
    ...ROUTES.abbreviatedKline,
    summary:
      "A short series of the period's last 48 candles (by default 30-minute ones: the last day) for the home row's small chart",
    request: abbreviatedKlineRequestSchema,
    response: z.array(candleSchema),
  },
  getBalance: {
    ...ROUTES.getBalance,
    summary: 'Balance and the amount locked for pending orders',
    response: balanceSchema,
  },
  forexDetail: {
    ...ROUTES.forexDetail,
    summary: 'Account figures: equity, margins, free margin, risk rate, margin level',
    response: forexDetailSchema,
  },
  ledger: {
    ...ROUTES.ledger,
    summary:
      "Every balance change, newest first, paged (not a withdrawal payout's row of 0, which moves only the held amount)",
    request: pageRequestSchema,
    response: ledgerPageSchema,
  },
  resetDemo: {
    ...ROUTES.resetDemo,
    summary: 'Demo accounts only: restore the start balance (one ledger row)',
    response: balanceSchema,
  },
  submitOrder: {
    ...ROUTES.submitOrder,
    summary:
      'Place an order at market (status 1) or pending at target_price (status 0). An optional Idempotency-Key header makes a repeat return the first order',
    request: submitOrderRequestSchema,
    response: orderSchema,
    headers: [
      {
        name: 'Idempotency-Key',
        description:
          'Optional, 1–255 printable ASCII characters. A repeat with the same parameters returns the order the key first placed; different parameters are refused (2013).',
      },
    ],
  },
  myDeal: {
    ...ROUTES.myDeal,
    summary: 'My orders of one status (0 pending, 1 holding, 3 history), paged',
    request: myDealRequestSchema,
    response: myDealSchema,
  },
  closeOrder: {
    ...ROUTES.closeOrder,
    summary: 'Close a holding position at the current price',
    request: orderIdRequestSchema,
    response: orderSchema,
  },
  cancelOrder: {
    ...ROUTES.cancelOrder,
    summary: 'Cancel a pending order; its reserve returns to the balance',
    request: orderIdRequestSchema,
    response: orderSchema,
  },
  setStopPrice: {
    ...ROUTES.setStopPrice,
    summary: 'Set or clear (0) the take profit and stop loss of a holding position',
    request: setStopPriceRequestSchema,
    response: orderSchema,
  },
  alerts: {
    ...ROUTES.alerts,
    summary: 'My price alerts, newest first, with the most one account may hold',
    response: alertsSchema,
  },
  alertCreate: {
    ...ROUTES.alertCreate,
    summary:
      'Watch a price: fires on the first tick whose bid or ask crosses it (above or below); a repeating alert fires again only after the price moved back by the cooldown distance',
    request: createAlertRequestSchema,
    response: alertSchema,
  },
  alertDelete: {
    ...ROUTES.alertDelete,
    summary: 'Stop and forget one of my price alerts',
    request: alertIdRequestSchema,
    response: alertSchema,
  },
  pushKey: {
    ...ROUTES.pushKey,
    summary: "The server's VAPID public key, for the browser's push subscription",
    response: pushKeySchema,
  },
  pushSubscribe: {
    ...ROUTES.pushSubscribe,
    summary:
      "Send my notifications to this device by Web Push: the browser's PushSubscription (endpoint and keys); again with the same endpoint renews it",
    request: pushSubscribeRequestSchema,
    response: notificationSettingsSchema,
  },
  pushUnsubscribe: {
    ...ROUTES.pushUnsubscribe,
    summary: 'Stop pushing to this device',
    request: pushUnsubscribeRequestSchema,
    response: notificationSettingsSchema,
  },
  notificationSettings: {
    ...ROUTES.notificationSettings,
    summary:
      'What I am told of, and where: per kind in the app, by push and by e-mail; quiet hours in my time zone',
    response: notificationSettingsSchema,
  },
  notificationSettingsSave: {
    ...ROUTES.notificationSettingsSave,
    summary:
      'Keep my choices of where I am told of what, and my quiet hours (price alerts only: account alerts ignore them)',
    request: notificationSettingsRequestSchema,
    response: notificationSettingsSchema,
  },
  notificationTest: {
    ...ROUTES.notificationTest,
    summary: 'Send a test notification to my push devices',
    response: notificationTestSchema,
  },
  modifyPending: {
    ...ROUTES.modifyPending,
    summary:
      'Move a pending order: its price (on the same side of the market as placing, at least the stop level away), its take profit, stop loss and expiry; the reserve is recomputed in the same step',
    request: modifyPendingRequestSchema,
    response: orderSchema,
  },
  closePart: {
    ...ROUTES.closePart,
    summary:
      'Close part of a holding position at the current price; the rest keeps its id, open price, stops and trailing stop. Answers the closed part (in history)',
    request: closePartRequestSchema,
    response: orderSchema,
  },
  setTrailing: {
    ...ROUTES.setTrailing,
    summary:
      "Set a holding position's trailing stop: it follows the closing price at `distance` (price units), from `activation_price` if given; distance 0 removes it",
    request: setTrailingRequestSchema,
    response: orderSchema,
  },
  imageUpload: {
    ...ROUTES.imageUpload,
    summary:
      'Upload an image (multipart, field "file"): JPEG, PNG or WebP judged by its bytes, at most UPLOAD_MAX_MB, re-encoded without metadata. The url is readable by the uploader and operators only',
    response: imageUploadSchema,
    multipart: true,
  },
  identityCenter: {
    ...ROUTES.identityCenter,
    summary:
      'Real-name verification: status (0 not submitted, 1 waiting, 2 finished) and what was sent',
    response: identityCenterSchema,
  },
  realName: {
    ...ROUTES.realName,
    summary: 'Submit name, ID number and both images (own uploads) for review',
    request: realNameRequestSchema,
    response: identityCenterSchema,
  },
  depositNetworks: {
    ...ROUTES.depositNetworks,
    summary: 'Crypto deposit networks: currency, network, the address to send to, its USD price',
    response: z.array(depositNetworkSchema),
  },
  chargeSubmit: {
    ...ROUTES.chargeSubmit,
    summary:
      'Report a crypto deposit: amount in the currency, a proof image (own upload), the network and its address. Credited at the USD price once an operator approves it',
    request: chargeSubmitRequestSchema,
    response: depositRecordSchema,
  },
  wireCurrencies: {
    ...ROUTES.wireCurrencies,
    summary: 'Currencies a bank wire may be sent in',
    response: z.array(wireCurrencySchema),
  },
  wireInfo: {
    ...ROUTES.wireInfo,
    summary: 'Bank accounts a wire in bank_coin may be sent to',
    request: wireInfoRequestSchema,
    response: z.array(wireOptionSchema),
  },
  wireSubmit: {
    ...ROUTES.wireSubmit,
    summary: 'Report a bank wire: amount in the wire currency, a proof image, the wire option',
    request: wireSubmitRequestSchema,
    response: depositRecordSchema,
  },
  depositList: {
    ...ROUTES.depositList,
    summary: 'My deposits (type 0 coin, 1 bank, absent both), newest first, with their timelines',
    request: depositListRequestSchema,
    response: depositListSchema,
  },
  drawSymbols: {
    ...ROUTES.drawSymbols,
    summary: 'Currencies a withdrawal may be paid in (type 1 coin, 2 bank) with fee and price',
    request: drawSymbolRequestSchema,
    response: z.array(drawCurrencySchema),
  },
  draw: {
    ...ROUTES.draw,
    summary:
      'Request a withdrawal of number USD (fee included) to a bound method usable after its cooling-off. The amount moves to lock_balance until an operator decides. At most the balance and the free margin; a daily limit applies',
    request: drawRequestSchema,
    response: withdrawRecordSchema,
    headers: [
      {
        name: 'Idempotency-Key',
        description:
          'Optional. A repeat with the same key answers the first withdrawal and holds nothing again; a different request under the key is refused',
      },
    ],
  },
  drawList: {
    ...ROUTES.drawList,
    summary: 'My withdrawals (type 1 coin, 2 bank, absent both), newest first, with timelines',
    request: drawListRequestSchema,
    response: drawListSchema,
  },
  drawMethods: {
    ...ROUTES.drawMethods,
    summary: 'My bound methods of a type (1 coin, 2 bank), of one currency when draw_id is sent',
    request: drawMethodsRequestSchema,
    response: z.array(boundMethodSchema),
  },
  bindDrawMethod: {
    ...ROUTES.bindDrawMethod,
    summary:
      'Bind a withdrawal method: type 1 {draw_id, dc_address}, type 2 {draw_id, bank_name, bank_address, bank_swift, payee_name, payee_account, currency, remark}. Usable after the cooling-off',
    request: bindDrawMethodRequestSchema,
    response: boundMethodSchema,
  },
  delDrawMethod: {
    ...ROUTES.delDrawMethod,
    summary: 'Remove a bound method (refused while a withdrawal to it is open)',
    request: idRequestSchema,
    response: empty,
  },
  inviteList: {
    ...ROUTES.inviteList,
    summary:
      'The people who registered with my invite code, newest first, PAGE_SIZE a page: masked contact, registration time, verified (1) or not',
    request: pageRequestSchema,
    response: inviteListSchema,
  },
  complaint: {
    ...ROUTES.complaint,
    summary:
      'File a complaint (subject up to 100, message 10–2000 characters): stored for the support desk and sent to complaint_email; a few an hour per trader',
    request: complaintRequestSchema,
    response: complaintSchema,
  },
  complaintList: {
    ...ROUTES.complaintList,
    summary: 'My complaints, newest first, with whether they were handled',
    request: complaintListRequestSchema,
    response: complaintListSchema,
  },
  newsList: {
    ...ROUTES.newsList,
    summary:
      'Published articles of a category (1 news, 2 announcements), pinned first, then newest, NEWS_PAGE_SIZE a page; text in the lang header language, else English, else hk',
    request: newsListRequestSchema,
    response: newsListSchema,
  },
  newsInfo: {
    ...ROUTES.newsInfo,
    summary: 'One published article with its sanitized HTML content (same language fallback)',
    request: newsInfoRequestSchema,
    response: newsInfoSchema,
  },
  chatMessages: {
    ...ROUTES.chatMessages,
    summary:
      'My conversation with customer service, oldest first: the newest page, or the page before message `before`; new messages also arrive on the CHAT socket topic',
    request: chatMessagesRequestSchema,
    response: chatPageSchema,
  },
  chatSend: {
    ...ROUTES.chatSend,
    summary: 'Write to customer service (plain text, at most 1000 characters; rate limited)',
    request: chatSendRequestSchema,
    response: chatMessageSchema,
  },
  chatRead: {
    ...ROUTES.chatRead,
    summary: "Mark customer service's messages read up to and including last_id",
    request: chatReadRequestSchema,
    response: chatUnreadSchema,
  },
  chatUnread: {
    ...ROUTES.chatUnread,
    summary: "How many of customer service's messages I have not read",
    response: chatUnreadSchema,
  },
  followList: {
    ...ROUTES.followList,
    summary:
      'The copy-trading ranking: real traders who opted in, by the time-weighted return of their daily equity, with the figures of their closed positions, refreshed every minute',
    response: rankingSchema,
  },
  followDetail: {
    ...ROUTES.followDetail,
    summary:
      "A leader's profile: figures of the daily equity series, monthly returns, instruments traded, open positions as shares of equity",
    request: leaderRequestSchema,
    response: leaderProfileSchema,
  },
  followEquity: {
    ...ROUTES.followEquity,
    summary: "A leader's daily equity and cumulative time-weighted return over a period",
    request: equityRequestSchema,
    response: equityCurveSchema,
  },
  followCopy: {
    ...ROUTES.followCopy,
    summary:
      'Copy a leader: the amount moves from the free balance into a copy account of its own; every later fill, close and TP/SL change of the leader is mirrored there in proportion',
    request: copyRequestSchema,
    response: copySchema,
    headers: [
      {
        name: 'Idempotency-Key',
        description:
          'Optional, 1–255 printable ASCII characters. A repeat with the same parameters returns the copy the key first made; different parameters are refused (6106).',
      },
    ],
  },
  followPause: {
    ...ROUTES.followPause,
    summary:
      "Pause a copy: the leader's new trades are skipped; closes and TP/SL changes still follow",
    request: copyIdRequestSchema,
    response: copySchema,
  },
  followResume: {
    ...ROUTES.followResume,
    summary: "Resume a paused copy: the leader's next trades are mirrored again",
    request: copyIdRequestSchema,
    response: copySchema,
  },
  followAddFunds: {
    ...ROUTES.followAddFunds,
    summary:
      "Add to a copy from the free balance (amount > 0) or take back from the copy's free margin (amount < 0)",
    request: addFundsRequestSchema,
    response: copySchema,
  },
  followStop: {
    ...ROUTES.followStop,
    summary: 'Stop a copy: its positions close at market and its equity returns to the balance',
    request: copyIdRequestSchema,
    response: copySchema,
  },
  myCopies: {
    ...ROUTES.myCopies,
    summary: 'My copies with their equity, P&L, open positions and skipped trades',
    response: myCopiesSchema,
  },
  followSettings: {
    ...ROUTES.followSettings,
    summary:
      'Whether I am listed in the ranking and open to new copies (both off until I turn them on), and who copies me now',
    response: leaderSettingsSchema,
  },
  setFollowSettings: {
    ...ROUTES.setFollowSettings,
    summary:
      'Opt in or out: listed (ranking and profile) and copyable (new copies; needs listed). Copies already running go on until their followers stop them',
    request: leaderSettingsRequestSchema,
    response: leaderSettingsSchema,
  },
} as const satisfies Record<keyof typeof ROUTES, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
export type ResponseOf<N extends EndpointName> = z.infer<(typeof ENDPOINTS)[N]['response']>;
export type RequestOf<N extends EndpointName> = (typeof ENDPOINTS)[N] extends {
  request: infer R extends z.ZodType;
}
  ? z.input<R>
  : undefined;
