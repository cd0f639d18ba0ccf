// A valid payload per endpoint, and the fields each endpoint's contract declares: the fuzz
// bends the first and reads the second to know which fields are numbers.
import {
  DEFAULT_NOTICE_CHOICES,
  ENDPOINTS,
  type Endpoint,
  type EndpointName,
  EXPIRY_WORDS,
} from '@tradedesk/contract';
import type { z } from 'zod';
import { submitPayload } from '../test-app.ts';
import { js, ref, textRef, type Value } from './values.ts';

export const PASSWORD = 'secret-pass';
export const REAL_EMAIL = 'fuzz-real@example.com';
export const LOGIN_EMAIL = 'fuzz-login@example.com';

const submitBase = Object.fromEntries(
  Object.entries(submitPayload(0, { cont: '0.01' })).map(([key, value]) => [
    key,
    key === 'forex_id' ? ref('instrument') : js(value),
  ]),
);

/**
 * A payload each endpoint accepts (checked against the contract before the walk), so that
 * one mutation is what stands between a request and success.
 */
export const BASES: { [N in EndpointName]?: Record<string, Value> } = {
  setting: { key: js('is_show_mobile') },
  companySearch: { name: js('markets') },
  sendSms: { to: textRef('freshMobile'), area_id: ref('area'), type: js(1) },
  sendEmail: { to: textRef('freshEmail'), type: js(1) },
  register: {
    type: js('email'),
    account: textRef('regEmail'),
    password: js(PASSWORD),
    re_password: js(PASSWORD),
    sms_code: textRef('regCode'),
  },
  login: { account: textRef('loginEmail'), password: js(PASSWORD) },
  demo: { demo_id: js('fuzz-walk-device-0001') },
  // Never the real password: a success would lock the walk out of the real account.
  amendPassword: {
    new_password: js('changed-pass-1'),
    re_password: js('changed-pass-1'),
    auth_code: js('not-the-password'),
    type: js(1),
  },
  forgetPassword: {
    type: js('email'),
    account: textRef('realEmail'),
    new_password: js('reset-pass-1'),
    secondary_password: js('reset-pass-1'),
    auth_code: js('000000'),
  },
  tradeList: { searchCurrency: js('EUR') },
  kline: { forex_id: ref('instrument'), period: js('1min') },
  abbreviatedKline: { forex_id: ref('instrument'), period: js('1day') },
  ledger: { page: js(1) },
  submitOrder: submitBase,
  myDeal: { status: js(1), page: js(1) },
  closeOrder: { id: ref('holding') },
  cancelOrder: { id: ref('pending') },
  alertCreate: {
    forex_id: ref('instrument'),
    side: js('bid'),
    condition: js('above'),
    price: js('1.20000'),
    repeat: js(0),
    note: js('fuzz'),
  },
  alertDelete: { id: ref('missing') },
  // A push service the server may post to; nothing the walk does fires a notice to it.
  pushSubscribe: {
    endpoint: js('https://fcm.googleapis.com/fcm/send/fuzz-walk-device'),
    keys: js({
      p256dh: `B${'A'.repeat(86)}`,
      auth: 'AAAAAAAAAAAAAAAAAAAAAA',
    }),
  },
  pushUnsubscribe: { endpoint: js('https://fcm.googleapis.com/fcm/send/fuzz-walk-device') },
  notificationSettingsSave: {
    kinds: js(DEFAULT_NOTICE_CHOICES),
    quiet_from: js('22:00'),
    quiet_to: js('07:00'),
    time_zone: js('Europe/London'),
  },
  modifyPending: { id: ref('pending'), price: js('1.08000'), expire_at: js('gtc') },
  closePart: { id: ref('holding'), lots: js('0.01') },
  setTrailing: { id: ref('holding'), distance: js('0.00100'), activation_price: js('0') },
  realName: {
    name: js('Fuzz Walker'),
    card_id: js('X1234567'),
    front_pic: textRef('frontPic'),
    reverse_pic: textRef('reversePic'),
  },
  chargeSubmit: {
    number: js('25.5'),
    proofImg: textRef('frontPic'),
    address: textRef('networkAddress'),
    charge_id: ref('network'),
  },
  wireInfo: { bank_coin: js('USD') },
  wireSubmit: { number: js('150'), proofImg: textRef('frontPic'), wire_id: ref('wire') },
  depositList: { type: js(0), page: js(1) },
  drawSymbols: { type: js(1) },
  draw: {
    draw_currency_id: ref('drawCurrency'),
    number: js('20'),
    memo: js('fuzz'),
    draw_method_id: ref('drawMethod'),
    password: js(PASSWORD),
  },
  drawList: { type: js(1), page: js(1) },
  drawMethods: { draw_type: js(1), draw_id: ref('drawCurrency') },
  bindDrawMethod: {
    type: js(1),
    draw_id: ref('drawCurrency'),
    dc_address: js('TEqRgg8uQqf71RLH4sUczA5M2X5c8TT9yn'),
  },
  delDrawMethod: { id: ref('drawMethod') },
  newsList: { category_id: js(2), page: js(1) },
  // The first seeded article (the restricted-regions announcement) on a fresh database.
  newsInfo: { id: js(1) },
  chatMessages: { limit: js(20) },
  chatSend: { content: js('Where is my deposit?') },
  chatRead: { last_id: js(1) },
  inviteList: { page: js(1) },
  complaint: {
    subject: js('Slow withdrawal'),
    message: js('My withdrawal has waited for two days.'),
  },
  complaintList: { page: js(1) },
  // Copy trading (issue 29): the demo user is no leader (LEADER_NOT_FOUND or COPY_SELF) and
  // no copy has the missing id, so that a base changes nothing.
  followDetail: { id: ref('demoUser') },
  followEquity: { id: ref('demoUser'), period: js('1m') },
  followCopy: { id: ref('demoUser'), amount: js('100'), copy_sl_rate: js(40), copy_open: js(0) },
  followPause: { copy_id: ref('missing') },
  followResume: { copy_id: ref('missing') },
  followStop: { copy_id: ref('missing') },
  followAddFunds: { copy_id: ref('missing'), amount: js('100') },
  // Consent (issue 36): off as it already is, so that a base changes nothing.
  setFollowSettings: { listed: js(0), copyable: js(0) },
  setStopPrice: {
    id: ref('holding'),
    target_profit_price: js('1.09000'),
    stop_loss_price: js('1.07000'),
  },
};

export interface FieldMeta {
  name: string;
  /** Read as a number: JSON number or plain digits only. */
  numeric: boolean;
  /** Words a numeric field takes besides numbers (an expiry's "gtc"): no odd number form. */
  words: readonly string[];
  required: boolean;
}

function fieldsOf(endpoint: Endpoint): FieldMeta[] {
  if (!endpoint.request) return [];
  if (!('shape' in endpoint.request))
    throw new Error(`${endpoint.path}: a request schema that is not z.object; teach the fuzz`);
  const shape = endpoint.request.shape as Record<string, z.ZodType>;
  return Object.entries(shape).map(([name, schema]) => {
    const accepts = (v: unknown) => schema.safeParse(v).success;
    return {
      name,
      numeric: [0, 1, 2, '1'].some(accepts) && !accepts('zzzzzzzz'),
      words: EXPIRY_WORDS.filter(accepts),
      required: !accepts(undefined),
    };
  });
}

/** Every endpoint of the contract, in its order (the walk's order). */
export const ENDPOINT_NAMES: EndpointName[] = Object.keys(ENDPOINTS) as EndpointName[];
export const FIELDS: Record<EndpointName, FieldMeta[]> = Object.fromEntries(
  ENDPOINT_NAMES.map((name) => [name, fieldsOf(ENDPOINTS[name])]),
) as Record<EndpointName, FieldMeta[]>;
