/**
 * Every answer the API can give, with its numeric `code` and the message key that
 * `msg` is translated from (messages/<lang>.json). Codes are stable: clients branch on them.
 * `vars` names the placeholders of the message, `{name}` in every catalogue: the server's
 * AppError cannot be made without them, and messages/message-vars.test.ts holds every locale
 * to them.
 */
export const RESULT_CODES = {
  SUCCESS: { code: 1, key: 'public.success' },
  INVALID_SESSION: { code: 999, key: 'error.invalid_session' },

  BAD_REQUEST: { code: 1000, key: 'error.bad_request', vars: ['field'] },
  INCOMPLETE: { code: 1001, key: 'public.input_full' },
  PASSWORD_MISMATCH: { code: 1002, key: 'public.password_not_equal' },
  PASSWORD_WEAK: { code: 1003, key: 'error.password_weak' },
  INVALID_EMAIL: { code: 1004, key: 'error.invalid_email' },
  INVALID_MOBILE: { code: 1005, key: 'error.invalid_mobile' },
  INVALID_AREA: { code: 1006, key: 'error.invalid_area' },
  AREA_NOT_SERVED: { code: 1007, key: 'error.area_not_served' },
  ACCOUNT_TAKEN: { code: 1008, key: 'error.account_taken' },
  ACCOUNT_NOT_FOUND: { code: 1009, key: 'error.account_not_found' },
  CODE_INVALID: { code: 1010, key: 'error.code_invalid' },
  CODE_TOO_SOON: { code: 1011, key: 'error.code_too_soon', vars: ['seconds'] },
  CAPTCHA_INVALID: { code: 1012, key: 'error.captcha_invalid' },
  INVITE_CODE_INVALID: { code: 1013, key: 'error.invite_code_invalid' },
  LOGIN_FAILED: { code: 1014, key: 'error.login_failed' },
  RATE_LIMITED: { code: 1015, key: 'error.rate_limited', vars: ['seconds'] },
  REAL_ACCOUNT_ONLY: { code: 1016, key: 'user.only_true_account' },
  ACCOUNT_REQUIRED: { code: 1017, key: 'login.enter_account' },
  PASSWORD_REQUIRED: { code: 1018, key: 'login.enter_password' },
  OLD_PASSWORD_WRONG: { code: 1019, key: 'error.old_password_wrong' },
  INVALID_DEMO_ID: { code: 1020, key: 'error.invalid_demo_id' },
  MOBILE_REGISTRATION_OFF: { code: 1021, key: 'error.mobile_registration_off' },
  SETTING_NOT_FOUND: { code: 1022, key: 'error.setting_not_found' },

  DEMO_ACCOUNT_ONLY: { code: 1023, key: 'error.demo_account_only' },
  /** Login after repeated failures on the account: a captcha answer must come with it. */
  CAPTCHA_REQUIRED: { code: 1024, key: 'error.captcha_required' },
  /** Too much slow work (password hashing) queued: the request did nothing. */
  SERVER_BUSY: { code: 1025, key: 'error.server_busy' },
  /** A number written in another form than plain decimal digits (0x10, 1e2, true, [5]). */
  INVALID_NUMBER: { code: 1026, key: 'error.invalid_number', vars: ['field'] },
  FIELD_TOO_LONG: { code: 1027, key: 'error.field_too_long', vars: ['field', 'max'] },
  /** A URL, header block or body over the server's limits. */
  REQUEST_TOO_LARGE: { code: 1028, key: 'error.request_too_large' },
  /** The database cannot be reached (connection cut, restarting): nothing was done; retry. */
  DATABASE_UNAVAILABLE: { code: 1040, key: 'error.database_unavailable' },
  /** The database refuses writes (disk full): nothing was changed; retry once space returns. */
  CANNOT_SAVE: { code: 1041, key: 'error.cannot_save' },
  /** The node is shutting down: requests that arrive now are not taken; retry (another node). */
  SHUTTING_DOWN: { code: 1042, key: 'error.shutting_down' },

  MARKET_CLOSED: { code: 2001, key: 'trade.market_closed' },
  LOTS_BELOW_MIN: { code: 2002, key: 'trade.lots_below_min' },
  LOTS_ABOVE_MAX: { code: 2003, key: 'trade.lots_above_max' },
  LOTS_OFF_STEP: { code: 2004, key: 'trade.lots_off_step' },
  LEVERAGE_NOT_OFFERED: { code: 2005, key: 'trade.leverage_not_offered' },
  NO_LEVERAGE_CONFIGURED: { code: 2006, key: 'trade.no_mult_config' },
  TAKE_PROFIT_WRONG_SIDE: { code: 2007, key: 'trade.take_profit_wrong_side' },
  STOP_LOSS_WRONG_SIDE: { code: 2008, key: 'trade.stop_loss_wrong_side' },
  INSUFFICIENT_MARGIN: { code: 2009, key: 'trade.insufficient_margin' },
  PRICE_REQUIRED: { code: 2010, key: 'trade.price_required' },
  ORDER_NOT_FOUND: { code: 2011, key: 'trade.order_not_found' },
  ORDER_NOT_OPEN: { code: 2012, key: 'trade.order_not_open' },
  IDEMPOTENCY_MISMATCH: { code: 2013, key: 'trade.idempotency_mismatch' },
  MARKET_CLOSED_FOR_CLOSE: { code: 2014, key: 'trade.market_closed_close' },
  /** Open positions + pending orders of an account at the configured cap. */
  TOO_MANY_OPEN_ORDERS: { code: 2015, key: 'trade.too_many_open', vars: ['max'] },
  TOO_MANY_PENDING_ORDERS: { code: 2016, key: 'trade.too_many_pending', vars: ['max'] },
  /** A pending order the market has reached: it is filling, and can no longer be moved. */
  ORDER_FILLING: { code: 2017, key: 'trade.order_filling' },
  /** A new price that would turn a limit into a stop (or back): cancel and place anew. */
  PENDING_TYPE_CHANGED: { code: 2018, key: 'trade.pending_type_changed' },
  /** A pending price nearer the market than the instrument's stop level. */
  PRICE_TOO_CLOSE: { code: 2019, key: 'trade.price_too_close', vars: ['distance'] },
  EXPIRY_IN_PAST: { code: 2020, key: 'trade.expiry_in_past' },
  /** A partial close of the whole position or more: that is a close. */
  PART_NOT_LESS_THAN_WHOLE: { code: 2021, key: 'trade.part_not_less_than_whole' },
  REMAINDER_BELOW_MIN: { code: 2022, key: 'trade.remainder_below_min' },
  REMAINDER_OFF_STEP: { code: 2023, key: 'trade.remainder_off_step' },
  /** An activation price the market has already passed on the wrong side, or off the price grid. */
  ACTIVATION_WRONG_SIDE: { code: 2024, key: 'trade.activation_wrong_side' },
  /** A trailing distance at or beyond the price itself. */
  TRAILING_DISTANCE_TOO_LARGE: { code: 2025, key: 'trade.trailing_distance_too_large' },
  /** An account holds MAX_ALERTS price alerts already (issue 41). */
  TOO_MANY_ALERTS: { code: 2026, key: 'alert.too_many', vars: ['max'] },
  ALERT_NOT_FOUND: { code: 2027, key: 'alert.not_found' },
  /** The price is already past the level: the alert would fire at once. */
  ALERT_ALREADY_CROSSED: { code: 2028, key: 'alert.already_crossed' },
  /** A push subscription whose endpoint is not a known push service's (issue 41). */
  PUSH_ENDPOINT_REFUSED: { code: 2029, key: 'push.endpoint_refused' },

  /** A trader an operator disabled: login refused, sessions revoked. */
  ACCOUNT_DISABLED: { code: 1029, key: 'error.account_disabled' },
  /** The account's password asked again before a withdrawal, and it was wrong (issue 37). */
  PASSWORD_WRONG: { code: 1030, key: 'error.password_wrong' },

  UPLOAD_MISSING: { code: 3001, key: 'upload.missing' },
  /** Not a JPEG, PNG or WebP image, judged by its bytes. */
  UPLOAD_BAD_TYPE: { code: 3002, key: 'upload.bad_type' },
  UPLOAD_TOO_LARGE: { code: 3003, key: 'upload.too_large', vars: ['max'] },
  /** A picture that is not one of the caller's own uploads. */
  UPLOAD_NOT_OWN: { code: 3004, key: 'upload.not_own' },
  /**
   * A picture whose header declares more pixels, a longer side or a narrower shape than the
   * server decodes (refused before a pixel is decoded).
   */
  UPLOAD_DIMENSIONS: {
    code: 3007,
    key: 'upload.dimensions',
    vars: ['megapixels', 'side', 'ratio'],
  },
  IDENTITY_WAITING: { code: 3005, key: 'identity.already_waiting' },
  IDENTITY_CERTIFIED: { code: 3006, key: 'identity.already_certified' },

  /** An operator whose role may not make this call. */
  ADMIN_FORBIDDEN: { code: 4001, key: 'admin.forbidden' },
  ADMIN_LOGIN_FAILED: { code: 4002, key: 'admin.login_failed' },
  /** Two-factor is on for this operator: a one-time code must come with the password. */
  ADMIN_OTP_REQUIRED: { code: 4003, key: 'admin.otp_required' },
  ADMIN_OTP_INVALID: { code: 4004, key: 'admin.otp_invalid' },
  ADMIN_DISABLED: { code: 4005, key: 'admin.disabled' },
  OPERATOR_EXISTS: { code: 4006, key: 'admin.operator_exists' },
  /** Approve or reject an identity that is not waiting for review. */
  IDENTITY_NOT_WAITING: { code: 4007, key: 'admin.identity_not_waiting' },
  ADMIN_NOT_SELF: { code: 4008, key: 'admin.not_self' },
  /** ADMIN_REQUIRE_2FA: an operator without two-factor may only enrol it. */
  ADMIN_2FA_SETUP_REQUIRED: { code: 4009, key: 'admin.otp_setup_required' },
  INVALID_SETTING: { code: 4010, key: 'admin.invalid_setting', vars: ['field'] },
  /** An operator's new password is the current one. */
  ADMIN_PASSWORD_UNCHANGED: { code: 4011, key: 'admin.password_unchanged' },
  /**
   * The owner created at first start with a generated password: until they choose their
   * own, every call but `me`, `logout` and `changePassword` answers this (issue 37).
   */
  ADMIN_PASSWORD_CHANGE_REQUIRED: { code: 4012, key: 'admin.password_change_required' },
  /** An operator's new password shorter than OPERATOR_PASSWORD_MIN characters. */
  ADMIN_PASSWORD_TOO_SHORT: { code: 4013, key: 'admin.password_too_short', vars: ['min'] },

  /** A deposit network, wire option or withdrawal currency that does not exist or is off. */
  FUNDING_CHANNEL_NOT_FOUND: { code: 5001, key: 'funding.channel_not_found' },
  /** Zero, or more decimals than the currency carries. */
  AMOUNT_INVALID: { code: 5002, key: 'funding.amount_invalid', vars: ['decimals'] },
  AMOUNT_BELOW_MIN: { code: 5003, key: 'funding.amount_below_min', vars: ['min'] },
  AMOUNT_ABOVE_MAX: { code: 5004, key: 'funding.amount_above_max', vars: ['max'] },
  /** The deposit address sent is not the network's (it changed since the page was read). */
  DEPOSIT_ADDRESS_CHANGED: { code: 5005, key: 'funding.address_changed' },
  TOO_MANY_UNCHECKED_DEPOSITS: { code: 5006, key: 'funding.too_many_unchecked', vars: ['max'] },
  /** More than the balance, or than the free margin of open positions. */
  INSUFFICIENT_FUNDS: { code: 5007, key: 'withdraw.insufficient_funds', vars: ['available'] },
  /** No such bound method of the caller's for this currency (SPEC.md §5 wallet.not_bind). */
  METHOD_NOT_BOUND: { code: 5008, key: 'wallet.not_bind' },
  /** A method bound less than WITHDRAW_COOLING_HOURS ago. */
  METHOD_COOLING: { code: 5009, key: 'withdraw.method_cooling', vars: ['time'] },
  DAILY_LIMIT_EXCEEDED: { code: 5010, key: 'withdraw.daily_limit', vars: ['left', 'limit'] },
  /** The fee takes all of the amount: nothing would arrive. */
  AMOUNT_BELOW_FEE: { code: 5011, key: 'withdraw.below_fee', vars: ['fee'] },
  /** A bound method with a withdrawal still open. */
  METHOD_IN_USE: { code: 5012, key: 'wallet.method_in_use' },
  TOO_MANY_METHODS: { code: 5013, key: 'wallet.too_many_methods', vars: ['max'] },
  WITHDRAW_IDEMPOTENCY_MISMATCH: { code: 5014, key: 'withdraw.idempotency_mismatch' },
  /** An operator decision on a deposit that is not unchecked any more. */
  DEPOSIT_NOT_UNCHECKED: { code: 5015, key: 'admin.deposit_not_unchecked' },
  /** An operator decision a withdrawal's status does not allow. */
  WITHDRAWAL_STATE: { code: 5016, key: 'admin.withdrawal_state' },
  /** The second approval of a large withdrawal by the operator who gave the first. */
  FOUR_EYES_REQUIRED: { code: 5017, key: 'admin.four_eyes' },
  /** A withdrawal address its network could not receive on (checksum or format wrong). */
  WITHDRAW_ADDRESS_INVALID: { code: 5018, key: 'wallet.address_invalid', vars: ['protocol'] },
  /** A news article or announcement that does not exist, or is not published for traders. */
  NEWS_NOT_FOUND: { code: 6001, key: 'news.not_found' },
  /** Publishing an article with neither an English nor an hk text: some readers get nothing. */
  NEWS_FALLBACK_MISSING: { code: 6002, key: 'news.fallback_missing' },
  /** A cover that is neither one of our news images nor an http(s) address. */
  NEWS_COVER_INVALID: { code: 6003, key: 'news.cover_invalid' },
  /** A chat message with nothing left once control characters are removed. */
  CHAT_MESSAGE_EMPTY: { code: 6040, key: 'chat.message_empty' },
  /** An operator reply or read on a conversation of a trader who does not exist. */
  CHAT_TRADER_NOT_FOUND: { code: 6041, key: 'chat.trader_not_found' },
  /** An operator call on a company that does not exist (any more). */
  COMPANY_NOT_FOUND: { code: 6080, key: 'company.not_found' },
  /** Another company has this name already: names are what traders search by. */
  COMPANY_NAME_TAKEN: { code: 6081, key: 'company.name_taken' },
  /** Switching the site off (status 0) without a loss URL to send visitors to. */
  LOSS_URL_REQUIRED: { code: 6082, key: 'company.loss_url_required' },

  /** A complaint message shorter than COMPLAINT_LIMITS.messageMin: too short to act on. */
  COMPLAINT_TOO_SHORT: { code: 6020, key: 'complaint.too_short' },
  /** An operator call on a complaint that does not exist. */
  COMPLAINT_NOT_FOUND: { code: 6021, key: 'complaint.not_found' },
  /** Marking handled a complaint already handled (by someone else, or twice). */
  COMPLAINT_ALREADY_HANDLED: { code: 6022, key: 'complaint.already_handled' },
  /** Answering a complaint that has its answer already: the trader has read that one. */
  COMPLAINT_ALREADY_ANSWERED: { code: 6023, key: 'complaint.already_answered' },

  /** A leader who does not exist, is not ranked (a demo or copy account) or is hidden. */
  LEADER_NOT_FOUND: { code: 6100, key: 'copy.leader_not_found' },
  /** Copying oneself. */
  COPY_SELF: { code: 6101, key: 'copy.self' },
  /** A second copy of a leader already copied (pause, add funds or stop the first). */
  ALREADY_COPYING: { code: 6102, key: 'copy.already_copying' },
  /** Less than COPY_LIMITS.minAmount to start, or would be left in the copy. */
  COPY_AMOUNT_BELOW_MIN: { code: 6103, key: 'copy.amount_below_min', vars: ['min'] },
  /** A copy that is not the caller's, or does not exist. */
  COPY_NOT_FOUND: { code: 6104, key: 'copy.not_found' },
  /** Pause, resume or add funds on a copy in a status that does not allow it. */
  COPY_STATE: { code: 6105, key: 'copy.state' },
  /** A repeated Idempotency-Key with other parameters. */
  COPY_IDEMPOTENCY_MISMATCH: { code: 6106, key: 'copy.idempotency_mismatch' },
  /** Into a copy (start or add funds): more than the follower's available balance. */
  COPY_FUNDS_SHORT: { code: 6110, key: 'copy.funds_short', vars: ['available'] },
  /**
   * Taking back more than the copy can give now: its free margin, its balance, and what keeps
   * it at COPY_LIMITS.minAmount, whichever is least (`available`).
   */
  COPY_TAKE_BACK_TOO_MUCH: {
    code: 6111,
    key: 'copy.take_back_too_much',
    vars: ['available', 'min'],
  },
  /** Add funds of 0: the amount adds when positive, takes back when negative. */
  COPY_AMOUNT_INVALID: { code: 6112, key: 'copy.amount_invalid', vars: ['decimals'] },

  NOT_FOUND: { code: 404, key: 'error.not_found' },
  INTERNAL: { code: 500, key: 'error.internal' },
} as const;

export type ResultName = keyof typeof RESULT_CODES;
export type ResultCode = (typeof RESULT_CODES)[ResultName]['code'];

/** The placeholders of a result's message (never for a message without any). */
export type ResultVarName<N extends ResultName> = (typeof RESULT_CODES)[N] extends {
  readonly vars: readonly (infer V extends string)[];
}
  ? V
  : never;

/** The variables a result's message must be filled with: one value per placeholder. */
export type ResultVars<N extends ResultName> = {
  readonly [V in ResultVarName<N>]: string | number;
};

/** Results whose message has no placeholder: they need no variables. */
export type PlainResultName = {
  [N in ResultName]: [ResultVarName<N>] extends [never] ? N : never;
}[ResultName];

/** The placeholders each result's message declares (none: an empty list). */
export function resultVarNames(result: ResultName): readonly string[] {
  const entry = RESULT_CODES[result];
  return 'vars' in entry ? entry.vars : [];
}

export const SUCCESS_CODE = RESULT_CODES.SUCCESS.code;
export const INVALID_SESSION_CODE = RESULT_CODES.INVALID_SESSION.code;

/** Every message key the server may answer with; each must exist in every locale. */
export const RESULT_MESSAGE_KEYS: readonly string[] = Object.values(RESULT_CODES).map((r) => r.key);
