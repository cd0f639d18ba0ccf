import type { PricePoints } from '@tradedesk/engine';
import type { AccountReads } from '../../platform/core/accounts.repository.ts';
import type { AccountCommand, CommandCore } from '../../platform/core/command-core.ts';
import type { QuoteReader } from '../market/index.ts';
import type { UserRecord } from '../users/index.ts';
import type { AccountHoldings } from './account-holdings.ts';
import type { OrderPages } from './order-pages.ts';
import type { OrderRecord } from './order-record.ts';
import type { OrdersRepository } from './orders.repository.ts';

/**
 * Per account: open positions and pending orders together, and pending orders alone. A
 * pending order counts against the first cap already, so its fill never passes it.
 */
export interface OrderCaps {
  openOrders: number;
  pendingOrders: number;
}

/**
 * What trading's commands decide with besides what they read under the account's lock: the
 * market of their moment, the stop-out level, the caps, and memory's copy of the account's
 * orders where it is provably the database's.
 */
/** MARGIN_CALL_LEVEL's default: 100 %, where equity no longer covers the margin in use. */
export const DEFAULT_MARGIN_CALL_LEVEL = 10_000n;

export interface TradingRules {
  /** The quotes of now (the replay's of a past moment): see `QuoteReader`. */
  market: QuoteReader;
  /** Margin level (10^-4) below which stop-out cancels pending orders and closes positions. */
  stopOutLevel: bigint;
  /** Margin level (10^-4) below which the account is in margin call (issue 40). */
  marginCallLevel: bigint;
  caps: OrderCaps;
  /** Memory's open positions of the account if memory is at exactly `version`. */
  positionsAt?: (accountId: number, version: number) => OrderRecord[] | undefined;
  /** Memory's pending and holding orders of the account if memory is at exactly `version`. */
  liveOrdersAt?: (accountId: number, version: number) => OrderRecord[] | undefined;
  /** Memory's holdings of the account (positions summed per instrument) if memory is at exactly `version`. */
  holdingsAt?: (accountId: number, version: number) => AccountHoldings | undefined;
  /**
   * Where this node's trailing book has trailed a position's stop (ahead of the last move
   * stored), when this node follows it; screening only, a command keeps it only if tighter.
   */
  trailedStop?: (order: Pick<OrderRecord, 'id' | 'instrumentId'>) => PricePoints | undefined;
}

/**
 * What trading's use cases work with; each takes the part it uses. Commands read and write
 * through their own transaction (ctx.repository); the repositories here are on the root
 * database, for the pages.
 */
export interface TradingDeps {
  core: CommandCore;
  rules: TradingRules;
  orders: OrdersRepository;
  pages: OrderPages;
  /** The accounts as they stand (the command core's). */
  accounts: AccountReads;
}

/** A trader's command; the first one opens the account (a refusal rolls that back too). */
export const runForTrader = <T>(
  core: CommandCore,
  user: UserRecord,
  command: AccountCommand<T>,
): Promise<T> => core.execute(user.id, command, { create: true });
