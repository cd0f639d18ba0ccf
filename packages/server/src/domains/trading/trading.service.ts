import type { ForexTradePush } from '@tradedesk/contract';
import type { Lots, Micros, OrderStatus, PricePoints } from '@tradedesk/engine';
import type { Bus } from '../../platform/bus/bus.ts';
import type { EngineOwnership } from '../../platform/cluster/ownership.ts';
import type { AccountReads } from '../../platform/core/accounts.repository.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { QuotePort } from '../market/index.ts';
import type { UserRecord } from '../users/index.ts';
import { createAccountHoldings } from './account-holdings.ts';
import { accountNow, forexDetail } from './account-now.ts';
import type { AccountSnapshots } from './account-snapshot.ts';
import { cancelOrder } from './cancel-order.ts';
import { closePart } from './close-part.ts';
import { closePosition } from './close-position.ts';
import { createCopySteps } from './copy-steps.ts';
import { listOrders } from './list-orders.ts';
import { livePush } from './live-push.ts';
import { createMarginCallWatch } from './margin-call-watch.ts';
import { modifyPending, type PendingChange } from './modify-pending.ts';
import { findMine } from './my-order.ts';
import { openMarket } from './open-market.ts';
import { createExpirySweep } from './order-expiry.ts';
import type { OrderPages } from './order-pages.ts';
import type { Idempotency, OrderRequest } from './order-request.ts';
import type { OrdersRepository } from './orders.repository.ts';
import { placePendingOrder } from './place-pending.ts';
import { figuresOver } from './position-values.ts';
import { setStops } from './set-stops.ts';
import { setTrailing, type TrailingRequest } from './set-trailing.ts';
import { createTickReactions } from './tick-reactions.ts';
import { createTradingMemory, type TradingMemory } from './trading-memory.ts';
import { tradingPolicy } from './trading-policy.ts';
import type { OrderCaps, TradingDeps, TradingRules } from './trading-rules.ts';

export type { Idempotency, OrderRequest } from './order-request.ts';

/**
 * Trading's rules on this node: memory's copy of an account's orders stands in for the
 * database's when memory is at the version read under the command's lock.
 */
function rulesWith(
  memory: TradingMemory,
  rules: Pick<TradingRules, 'market' | 'stopOutLevel' | 'marginCallLevel' | 'caps'>,
): TradingRules {
  return {
    ...rules,
    positionsAt: (accountId, version) =>
      memory.view(accountId)?.version === version ? memory.positions(accountId) : undefined,
    liveOrdersAt(accountId, version) {
      const view = memory.view(accountId);
      return view?.version === version ? [...view.orders.values()] : undefined;
    },
    trailedStop: (order) => memory.trailedStop(order)?.stopLoss,
    holdingsAt(accountId, version) {
      if (memory.view(accountId)?.version !== version) return undefined;
      // An account memory holds at this version with no live order holds nothing.
      return memory.holdings(accountId) ?? createAccountHoldings();
    },
  };
}

/**
 * Trading (ARCHITECTURE.md "Trading path"): the trader's use cases, each a command run by the
 * command core with trading's rules; the tick reactions that fire pending orders, TP/SL and
 * stop-out; memory — fed by the bus — screening ticks and serving live figures. What other
 * domains and the tests use of trading.
 */
export function createTradingService(deps: {
  core: CommandCore;
  bus: Bus;
  /** On the root database, for the pages. */
  orders: OrdersRepository;
  pages: OrderPages;
  accounts: AccountReads;
  snapshots: AccountSnapshots;
  market: QuotePort;
  /** Margin level (10^-4) below which stop-out cancels pending orders and closes positions. */
  stopOutLevel: bigint;
  marginCallLevel: bigint;
  caps: OrderCaps;
  onError: (error: unknown) => void;
  /** Whose triggers this node fires (scale-out); the embedded default fires everyone's. */
  ownership: EngineOwnership;
  /** Scale-out: the bus came back after an outage; memory catches up from the database. */
  onReconnected?: ((listener: () => void) => () => void) | undefined;
  now: () => number;
}) {
  const { core, market, ownership, snapshots } = deps;
  const memory = createTradingMemory({
    snapshots,
    market,
    stopOutLevel: deps.stopOutLevel,
    covers: ownership.owns,
  });
  const rules = rulesWith(memory, deps);
  core.use(tradingPolicy(rules));
  const reactions = createTickReactions({ ...deps, rules, memory });
  const expiry = createExpirySweep({ ...deps, orders: deps.orders });
  const marginCalls = createMarginCallWatch({ ...deps, rules, accounts: memory.accounts });
  const { orders, pages, accounts } = deps;
  const trading: TradingDeps = { core, rules, orders, pages, accounts };

  return {
    /** What the routes run trading's use cases with. */
    deps: trading,

    /** Memory from the database and the bus, then ticks. Returns how to stop. */
    async start(): Promise<() => void> {
      const unsubscribe = deps.bus.subscribe('account.committed', async (commit) => {
        await memory.apply(commit);
      });
      await memory.load();
      // Scale-out: a lost partition's accounts leave memory; a gained one's are read from the
      // database before anything of theirs can fire.
      const stopFollowing = ownership.onChange(async ({ gained, lost }) => {
        if (lost.length > 0) memory.dropUncovered();
        if (gained.length > 0) await memory.load();
      });
      const stopCatchingUp = deps.onReconnected?.(() => void memory.reload().catch(deps.onError));
      const stopTicks = reactions.start();
      const stopExpiring = expiry.start();
      const stopWatchingCalls = marginCalls.start();
      return () => {
        stopWatchingCalls();
        stopExpiring();
        stopTicks();
        stopFollowing();
        stopCatchingUp?.();
        unsubscribe();
      };
    },
    idle: reactions.idle,
    /** Stores the trailing stops' moves now (a timer does it every second). */
    storeTrailingMoves: reactions.storeTrailingMoves,
    /** How many accounts the stop-out screen holds boxed, and how many it watches on every tick. */
    screenCounts: () => memory.screenCounts(),
    snapshots,

    openMarket: (user: UserRecord, request: OrderRequest, idempotency?: Idempotency) =>
      openMarket(trading, user, request, idempotency),
    placePending: (
      user: UserRecord,
      request: OrderRequest & { target: PricePoints },
      idempotency?: Idempotency,
    ) => placePendingOrder(trading, user, request, idempotency),
    cancel: (user: UserRecord, orderId: number) => cancelOrder(trading, user, orderId),
    close: (user: UserRecord, orderId: number) => closePosition(trading, user, orderId),
    setStops: (user: UserRecord, orderId: number, takeProfit: PricePoints, stopLoss: PricePoints) =>
      setStops(trading, user, orderId, takeProfit, stopLoss),
    modifyPending: (user: UserRecord, orderId: number, change: PendingChange) =>
      modifyPending(trading, user, orderId, change),
    closePart: (user: UserRecord, orderId: number, lots: Lots) =>
      closePart(trading, user, orderId, lots),
    setTrailing: (user: UserRecord, orderId: number, request: TrailingRequest) =>
      setTrailing(trading, user, orderId, request),
    /** Cancels the pending orders whose expiry has come (the sweep does it every second). */
    expireDue: expiry.sweep,
    /** Checks margin levels for margin call crossings now (the watch does it every second). */
    checkMarginCalls: marginCalls.check,
    list: (user: UserRecord, status: OrderStatus, page: number, autoClosed = false) =>
      listOrders(trading, user, status, page, autoClosed),
    detail: (user: UserRecord) => forexDetail(trading, user),
    mine: (user: UserRecord, orderId: number) => findMine(orders, user, orderId),
    /** An account's figures and open positions valued now, from the database (a page). */
    accountNow: (accountId: number) => accountNow(trading, accountId),

    /** What memory holds of the user live (FOREX_TRADE's figures), or null when nothing. */
    live(userId: number): Omit<ForexTradePush, 'changed'> | null {
      const view = memory.view(userId);
      return view ? livePush(view, market) : null;
    },

    /** Trading's steps for copy trading's commands on copy accounts (issue 29). */
    copySteps: createCopySteps(rules),

    /**
     * Memory's equity of an account at the current quotes, or undefined when memory holds no
     * live order of it (screening only: a command decides on what the database holds).
     */
    equityInMemory(accountId: number): Micros | undefined {
      const view = memory.view(accountId);
      return view && figuresOver(market, view.balance, [...view.orders.values()]).equity;
    },

    /** Memory's view of an account (tests compare it with the database). */
    memoryOf: memory.view,
    /** Memory's holdings of an account, summed per instrument (tests compare them with the database's). */
    holdingsInMemory: memory.holdings,
    watching: memory.watching,
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
