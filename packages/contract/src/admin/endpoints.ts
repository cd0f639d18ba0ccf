import { z } from 'zod';
import {
  adminCompaniesRequestSchema,
  adminCompaniesSchema,
  adminCompanySchema,
  companyIdRequestSchema,
  companySettingsRequestSchema,
  companySettingsSchema,
  saveCompanyRequestSchema,
} from './company-schemas.ts';
import {
  adminComplaintSchema,
  adminComplaintsRequestSchema,
  adminComplaintsSchema,
  answerComplaintRequestSchema,
} from './complaint-schemas.ts';
import {
  adminCopyLeaderSchema,
  adminCopyLeadersRequestSchema,
  adminCopyLeadersSchema,
  adminLeaderCopiesRequestSchema,
  adminLeaderCopiesSchema,
} from './copy-schemas.ts';
import {
  adminCopySignalSchema,
  adminCopySignalsRequestSchema,
  adminCopySignalsSchema,
} from './copy-signal-schemas.ts';
import {
  adminDepositSchema,
  adminDepositsRequestSchema,
  adminDepositsSchema,
  adminWithdrawalSchema,
  adminWithdrawalsRequestSchema,
  adminWithdrawalsSchema,
  depositRemarkRequestSchema,
  drawCurrencyConfigSchema,
  fundingConfigSchema,
  networkConfigSchema,
  saveDrawCurrencyRequestSchema,
  saveNetworkRequestSchema,
  saveWireRequestSchema,
  wireConfigSchema,
  withdrawalPaidRequestSchema,
  withdrawalReasonRequestSchema,
} from './funding-schemas.ts';
import {
  adminNewsArticleSchema,
  adminNewsListRequestSchema,
  adminNewsListSchema,
  adminNewsRowSchema,
  newsArticleRequestSchema,
  newsCoverSchema,
  pinNewsRequestSchema,
  publishNewsRequestSchema,
  saveNewsRequestSchema,
} from './news-schemas.ts';
import { ADMIN_ROUTES } from './routes.ts';
import {
  adminLoginRequestSchema,
  adminMeSchema,
  adminSchema,
  adminSessionSchema,
  adminSettingsRequestSchema,
  adminSettingsSchema,
  adminUserDetailRequestSchema,
  adminUserDetailSchema,
  adminUserSchema,
  adminUsersRequestSchema,
  adminUsersSchema,
  auditRequestSchema,
  auditSchema,
  changeOperatorPasswordRequestSchema,
  createOperatorRequestSchema,
  creditScoreRequestSchema,
  identitiesRequestSchema,
  identitiesSchema,
  identityRowSchema,
  idParamSchema,
  operatorsSchema,
  otpDisableRequestSchema,
  otpEnableRequestSchema,
  otpSetupRequestSchema,
  otpSetupSchema,
  rejectIdentityRequestSchema,
} from './schemas.ts';
import {
  supportInboxRequestSchema,
  supportInboxSchema,
  supportMessageSchema,
  supportReadRequestSchema,
  supportReplyRequestSchema,
  supportThreadRequestSchema,
  supportThreadSchema,
} from './support-schemas.ts';

const empty = z.null();

/** Every operator call with its schemas: the server registers routes from it, /docs shows it. */
export const ADMIN_ENDPOINTS = {
  login: {
    ...ADMIN_ROUTES.login,
    summary:
      'Operator login; otp is required once two-factor is enrolled, a captcha answer after repeated failures',
    request: adminLoginRequestSchema,
    response: adminSessionSchema,
  },
  logout: { ...ADMIN_ROUTES.logout, summary: 'Revoke this operator session', response: empty },
  me: { ...ADMIN_ROUTES.me, summary: 'The operator of this session', response: adminMeSchema },
  otpSetup: {
    ...ADMIN_ROUTES.otpSetup,
    summary:
      'Start two-factor enrolment with the current password (wrong ones are limited): a new secret and its QR code',
    request: otpSetupRequestSchema,
    response: otpSetupSchema,
  },
  otpEnable: {
    ...ADMIN_ROUTES.otpEnable,
    summary: 'Finish enrolment with a code from the authenticator app; other sessions end',
    request: otpEnableRequestSchema,
    response: empty,
  },
  otpDisable: {
    ...ADMIN_ROUTES.otpDisable,
    summary: "Turn off one's own two-factor with a current code; one's other sessions end",
    request: otpDisableRequestSchema,
    response: empty,
  },
  changePassword: {
    ...ADMIN_ROUTES.changePassword,
    summary:
      "Change one's own password with the current one; one's other sessions end (wrong current passwords are limited)",
    request: changeOperatorPasswordRequestSchema,
    response: empty,
  },
  users: {
    ...ADMIN_ROUTES.users,
    summary: 'Traders, newest first; query matches e-mail, mobile or uid',
    request: adminUsersRequestSchema,
    response: adminUsersSchema,
  },
  user: {
    ...ADMIN_ROUTES.user,
    summary: 'One trader: profile, balance, open orders, a ledger page, identity, invitees',
    request: adminUserDetailRequestSchema,
    response: adminUserDetailSchema,
  },
  disableUser: {
    ...ADMIN_ROUTES.disableUser,
    summary: 'Disable a trader: every session revoked, login refused',
    request: idParamSchema,
    response: adminUserSchema,
  },
  enableUser: {
    ...ADMIN_ROUTES.enableUser,
    summary: 'Enable a disabled trader',
    request: idParamSchema,
    response: adminUserSchema,
  },
  creditScore: {
    ...ADMIN_ROUTES.creditScore,
    summary: "Set a trader's credit score (0–1000)",
    request: creditScoreRequestSchema,
    response: adminUserSchema,
  },
  identities: {
    ...ADMIN_ROUTES.identities,
    summary: 'Identity submissions of one status (default 1, waiting), oldest first',
    request: identitiesRequestSchema,
    response: identitiesSchema,
  },
  approveIdentity: {
    ...ADMIN_ROUTES.approveIdentity,
    summary: "Approve a waiting identity (id: the trader's user id)",
    request: idParamSchema,
    response: identityRowSchema,
  },
  rejectIdentity: {
    ...ADMIN_ROUTES.rejectIdentity,
    summary: 'Reject a waiting identity with a reason the trader sees',
    request: rejectIdentityRequestSchema,
    response: identityRowSchema,
  },
  settings: {
    ...ADMIN_ROUTES.settings,
    summary: 'The settings getBasicInfo serves',
    response: adminSettingsSchema,
  },
  updateSettings: {
    ...ADMIN_ROUTES.updateSettings,
    summary: 'Change settings (only those sent); effective at once',
    request: adminSettingsRequestSchema,
    response: adminSettingsSchema,
  },
  operators: {
    ...ADMIN_ROUTES.operators,
    summary: 'Every operator',
    response: operatorsSchema,
  },
  createOperator: {
    ...ADMIN_ROUTES.createOperator,
    summary: 'Add an operator',
    request: createOperatorRequestSchema,
    response: adminSchema,
  },
  disableOperator: {
    ...ADMIN_ROUTES.disableOperator,
    summary: 'Disable an operator: its sessions end, its login is refused',
    request: idParamSchema,
    response: adminSchema,
  },
  resetOperatorOtp: {
    ...ADMIN_ROUTES.resetOperatorOtp,
    summary: "Remove another operator's two-factor (a lost phone): their sessions end",
    request: idParamSchema,
    response: adminSchema,
  },
  audit: {
    ...ADMIN_ROUTES.audit,
    summary: 'The audit log, newest first',
    request: auditRequestSchema,
    response: auditSchema,
  },
  companies: {
    ...ADMIN_ROUTES.companies,
    summary: 'Every company (published or not), by name',
    request: adminCompaniesRequestSchema,
    response: adminCompaniesSchema,
  },
  saveCompany: {
    ...ADMIN_ROUTES.saveCompany,
    summary: 'Add (no id) or change a company; logo and website are https URLs or empty',
    request: saveCompanyRequestSchema,
    response: adminCompanySchema,
  },
  deleteCompany: {
    ...ADMIN_ROUTES.deleteCompany,
    summary: 'Remove a company',
    request: companyIdRequestSchema,
    response: z.null(),
  },
  companySettings: {
    ...ADMIN_ROUTES.companySettings,
    summary: 'The start-up check: site on (1) or off (0), main mode (type 0), the loss URL',
    response: companySettingsSchema,
  },
  updateCompanySettings: {
    ...ADMIN_ROUTES.updateCompanySettings,
    summary: 'Change the start-up check (only what is sent); switching off needs a loss URL',
    request: companySettingsRequestSchema,
    response: companySettingsSchema,
  },
  deposits: {
    ...ADMIN_ROUTES.deposits,
    summary:
      'Deposits of one status (default 0, unchecked), oldest first: proof image, amount, the USD credit, same-image duplicates',
    request: adminDepositsRequestSchema,
    response: adminDepositsSchema,
  },
  approveDeposit: {
    ...ADMIN_ROUTES.approveDeposit,
    summary:
      'Approve an unchecked deposit: credits number × price_usd to the balance (one ledger row). From DEPOSIT_FOUR_EYES_USD (the credit with the account’s credits of 24 hours) the first approval waits for a second operator making the same call; AMOUNT_ABOVE_MAX when the credit would take the account past USD_AMOUNT_MAX',
    request: idParamSchema,
    response: adminDepositSchema,
  },
  rejectDeposit: {
    ...ADMIN_ROUTES.rejectDeposit,
    summary: 'Reject an unchecked deposit with a remark the trader sees',
    request: depositRemarkRequestSchema,
    response: adminDepositSchema,
  },
  invalidDeposit: {
    ...ADMIN_ROUTES.invalidDeposit,
    summary: 'Mark an unchecked deposit invalid (e.g. a duplicate proof), with a remark',
    request: depositRemarkRequestSchema,
    response: adminDepositSchema,
  },
  withdrawals: {
    ...ADMIN_ROUTES.withdrawals,
    summary:
      'Withdrawals of one status (0 reviewing, 1 second approval, 2 approved, 3 paid, 4 rejected), oldest first',
    request: adminWithdrawalsRequestSchema,
    response: adminWithdrawalsSchema,
  },
  approveWithdrawal: {
    ...ADMIN_ROUTES.approveWithdrawal,
    summary:
      'Approve a withdrawal: pays the held amount out of lock_balance. From WITHDRAW_FOUR_EYES_USD (the withdrawal, or the account’s withdrawals waiting or approved within 24 hours with it) the first approval waits for a second operator making the same call; one that reaches it only with the account’s others answers FOUR_EYES_REQUIRED with the withdrawal, its first approval recorded',
    request: idParamSchema,
    response: adminWithdrawalSchema,
  },
  rejectWithdrawal: {
    ...ADMIN_ROUTES.rejectWithdrawal,
    summary: 'Reject a withdrawal not yet paid out: the held amount returns to the balance',
    request: withdrawalReasonRequestSchema,
    response: adminWithdrawalSchema,
  },
  paidWithdrawal: {
    ...ADMIN_ROUTES.paidWithdrawal,
    summary: "Record an approved withdrawal's transfer with its reference",
    request: withdrawalPaidRequestSchema,
    response: adminWithdrawalSchema,
  },
  fundingConfig: {
    ...ADMIN_ROUTES.fundingConfig,
    summary: 'Deposit networks, wire accounts, withdrawal currencies and the withdrawal rules',
    response: fundingConfigSchema,
  },
  saveNetwork: {
    ...ADMIN_ROUTES.saveNetwork,
    summary: 'Add (no id) or change a deposit network',
    request: saveNetworkRequestSchema,
    response: networkConfigSchema,
  },
  saveWire: {
    ...ADMIN_ROUTES.saveWire,
    summary: 'Add (no id) or change a wire account',
    request: saveWireRequestSchema,
    response: wireConfigSchema,
  },
  saveDrawCurrency: {
    ...ADMIN_ROUTES.saveDrawCurrency,
    summary: 'Add (no id) or change a withdrawal currency',
    request: saveDrawCurrencyRequestSchema,
    response: drawCurrencyConfigSchema,
  },
  supportInbox: {
    ...ADMIN_ROUTES.supportInbox,
    summary: 'Conversations of the built-in chat by last activity, with unread trader messages',
    request: supportInboxRequestSchema,
    response: supportInboxSchema,
  },
  supportThread: {
    ...ADMIN_ROUTES.supportThread,
    summary: "One trader's conversation, oldest first (`before` pages to older messages)",
    request: supportThreadRequestSchema,
    response: supportThreadSchema,
  },
  supportReply: {
    ...ADMIN_ROUTES.supportReply,
    summary: 'Answer a trader (plain text); it reaches their open app at once',
    request: supportReplyRequestSchema,
    response: supportMessageSchema,
  },
  supportRead: {
    ...ADMIN_ROUTES.supportRead,
    summary: "Mark the trader's messages read by the desk up to and including last_id",
    request: supportReadRequestSchema,
    response: z.object({ unread: z.number().int() }),
  },
  newsArticles: {
    ...ADMIN_ROUTES.newsArticles,
    summary:
      'Every article (drafts too) of a category and status, pinned first, then newest, with its languages',
    request: adminNewsListRequestSchema,
    response: adminNewsListSchema,
  },
  newsArticle: {
    ...ADMIN_ROUTES.newsArticle,
    summary: 'One article with its text in every language it has',
    request: newsArticleRequestSchema,
    response: adminNewsArticleSchema,
  },
  saveNews: {
    ...ADMIN_ROUTES.saveNews,
    summary:
      'Create (no id, as a draft) or edit an article: category, cover and the whole set of texts per language; content HTML is sanitized when stored',
    request: saveNewsRequestSchema,
    response: adminNewsArticleSchema,
  },
  publishNews: {
    ...ADMIN_ROUTES.publishNews,
    summary: 'Publish (1) or withdraw (0) an article; publishing needs an English or hk text',
    request: publishNewsRequestSchema,
    response: adminNewsRowSchema,
  },
  pinNews: {
    ...ADMIN_ROUTES.pinNews,
    summary: 'Pin (1) an article to the top of its category, or unpin it (0)',
    request: pinNewsRequestSchema,
    response: adminNewsRowSchema,
  },
  newsCover: {
    ...ADMIN_ROUTES.newsCover,
    summary:
      'Upload a cover image (multipart, field "file"): JPEG, PNG or WebP, re-encoded; the url is public',
    response: newsCoverSchema,
    multipart: true,
  },
  complaints: {
    ...ADMIN_ROUTES.complaints,
    summary:
      'Complaints of one status (default 0, received; 1 handled), oldest first, with the trader and the text',
    request: adminComplaintsRequestSchema,
    response: adminComplaintsSchema,
  },
  handleComplaint: {
    ...ADMIN_ROUTES.handleComplaint,
    summary: 'Mark a received complaint handled (audited)',
    request: idParamSchema,
    response: adminComplaintSchema,
  },
  answerComplaint: {
    ...ADMIN_ROUTES.answerComplaint,
    summary:
      'Answer a complaint (up to 2000 characters; once): the trader sees it in their complaint list; a received complaint becomes handled (audited)',
    request: answerComplaintRequestSchema,
    response: adminComplaintSchema,
  },
  copyLeaders: {
    ...ADMIN_ROUTES.copyLeaders,
    summary:
      'Leaders with copies (any status) or hidden: running and stopped copies, assets under copy (equity now of the running copies), invested, mirrored and skipped trades, signals waiting; by assets under copy',
    request: adminCopyLeadersRequestSchema,
    response: adminCopyLeadersSchema,
  },
  leaderCopies: {
    ...ADMIN_ROUTES.leaderCopies,
    summary:
      "One leader's copies, running first then newest: follower, invested, equity now, P&L, mirrored and skipped trades",
    request: adminLeaderCopiesRequestSchema,
    response: adminLeaderCopiesSchema,
  },
  hideLeader: {
    ...ADMIN_ROUTES.hideLeader,
    summary:
      'Hide a trader from the ranking and from new copies (LEADER_NOT_FOUND); running copies go on (audited)',
    request: idParamSchema,
    response: adminCopyLeaderSchema,
  },
  unhideLeader: {
    ...ADMIN_ROUTES.unhideLeader,
    summary: 'Show a hidden trader in the ranking again and let them be copied (audited)',
    request: idParamSchema,
    response: adminCopyLeaderSchema,
  },
  copySignalsSetAside: {
    ...ADMIN_ROUTES.copySignalsSetAside,
    summary:
      "Leaders' changes set aside after failing on the copies at every attempt (48, backing off to an hour), newest first, with the last error",
    request: adminCopySignalsRequestSchema,
    response: adminCopySignalsSchema,
  },
  retryCopySignal: {
    ...ADMIN_ROUTES.retryCopySignal,
    summary:
      "Put a set-aside signal back (NOT_FOUND unless set aside): tried again from the first attempt, before the leader's later changes (audited)",
    request: idParamSchema,
    response: adminCopySignalSchema,
  },
} as const;

export type AdminEndpointName = keyof typeof ADMIN_ENDPOINTS;
export type AdminResponseOf<N extends AdminEndpointName> = z.infer<
  (typeof ADMIN_ENDPOINTS)[N]['response']
>;
