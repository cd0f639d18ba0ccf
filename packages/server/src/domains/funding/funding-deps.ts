import type { Micros } from '@tradedesk/engine';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import type { TraderNotices } from '../../platform/notify/trader-notices.ts';
import type { UploadsService } from '../uploads/index.ts';
import type { PasswordConfirmation, UsersRepository } from '../users/index.ts';
import type { ChannelsRepository } from './channels.repository.ts';
import type { DepositsRepository } from './deposits.repository.ts';
import type { DrawMethodsRepository } from './draw-methods.repository.ts';
import type { NoticesOn } from './funding-decisions.ts';
import type { WithdrawalsRepository } from './withdrawals.repository.ts';

/** The limits of the cashier as configured (USD as text, as the desk's page shows them). */
export interface WithdrawalRules {
  /**
   * A withdrawal needs two operators when the account's withdrawals waiting or approved
   * within 24 hours, itself included, reach this many USD (one alone: flagged at request).
   */
  fourEyesUsd: string;
  /** USD one account may request within any 24 hours. */
  dailyLimitUsd: string;
  /** Hours a newly bound method waits before it may be paid to. */
  coolingHours: number;
}

/** The rules' amounts in micro-USD, read once at start. */
export interface FundingLimits {
  /** Credits from this many USD (the account's of 24 hours included) need two operators. */
  depositFourEyes: Micros;
  /** Withdrawals from this many USD (the account's of 24 hours included) need two operators. */
  withdrawalFourEyes: Micros;
  /** USD one account may request in withdrawals within any 24 hours. */
  dailyLimit: Micros;
}

/**
 * What funding's use cases work with; each takes the part it uses. The repositories here are
 * built on the module's root database, for what runs outside a command (pages, queues, the
 * look-up that finds whose account a decision is a command on); a command builds its own on
 * its transaction with ctx.repository.
 */
export interface FundingDeps {
  core: CommandCore;
  /** A configuration change and its audit row in one transaction. */
  transact: Transact;
  channels: ChannelsRepository;
  deposits: DepositsRepository;
  withdrawals: WithdrawalsRepository;
  methods: DrawMethodsRepository;
  uploads: UploadsService;
  users: UsersRepository;
  /** Delivers a decision's notice once its command committed. */
  notices: TraderNotices;
  /** Records a decision's notice in its command's transaction. */
  noticesOn: NoticesOn;
  /** Checks the account's password that confirms a withdrawal (rate limited). */
  confirmPassword: PasswordConfirmation;
  rules: WithdrawalRules;
  limits: FundingLimits;
  now: () => number;
}
