import { z } from 'zod';
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
  createOperatorRequestSchema,
  creditScoreRequestSchema,
  identitiesRequestSchema,
  identitiesSchema,
  identityRowSchema,
  idParamSchema,
  operatorsSchema,
  otpEnableRequestSchema,
  otpSetupSchema,
  rejectIdentityRequestSchema,
} from './schemas.ts';

const empty = z.null();

/** Every operator call with its schemas: the server registers routes from it, /docs shows it. */
export const ADMIN_ENDPOINTS = {
  login: {
    ...ADMIN_ROUTES.login,
    summary: 'Operator login; otp is required once two-factor is enrolled',
    request: adminLoginRequestSchema,
    response: adminSessionSchema,
  },
  logout: { ...ADMIN_ROUTES.logout, summary: 'Revoke this operator session', response: empty },
  me: { ...ADMIN_ROUTES.me, summary: 'The operator of this session', response: adminMeSchema },
  otpSetup: {
    ...ADMIN_ROUTES.otpSetup,
    summary: 'Start two-factor enrolment: a new secret and its QR code',
    response: otpSetupSchema,
  },
  otpEnable: {
    ...ADMIN_ROUTES.otpEnable,
    summary: 'Finish enrolment with a code from the authenticator app',
    request: otpEnableRequestSchema,
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
  audit: {
    ...ADMIN_ROUTES.audit,
    summary: 'The audit log, newest first',
    request: auditRequestSchema,
    response: auditSchema,
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
      'Approve an unchecked deposit: credits number × price_usd to the balance (one ledger row)',
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
      'Approve a withdrawal: pays the held amount out of lock_balance. Above the four-eyes amount the first approval waits for a second operator making the same call',
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
} as const;

export type AdminEndpointName = keyof typeof ADMIN_ENDPOINTS;
export type AdminResponseOf<N extends AdminEndpointName> = z.infer<
  (typeof ADMIN_ENDPOINTS)[N]['response']
>;
