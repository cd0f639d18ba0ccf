import type { ForexDetail, ForexTradePush, MyDeal } from '@tradedesk/contract';
import { AUTO_CLOSE_REASONS, PAGE_SIZE } from '@tradedesk/contract';
import {
  accountFigures,
  type Micros,
  microsToNumber,
  type OrderStatus,
  type PositionValue,
  type PricePoints,
  sumMicros,
  ZERO_MICROS,
} from '@tradedesk/engine';
import type { Kysely } from 'kysely';
import type { Bus } from '../../platform/bus/bus.ts';
import type { EngineOwnership } from '../../platform/cluster/ownership.ts';
import type { AccountsRepository } from '../../platform/core/accounts.repository.ts';
import type { AccountCommand, CommandCore } from '../../platform/core/command-core.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { QuotePort } from '../market/index.ts';
import type { UserRecord } from '../users/index.ts';
import { accountDetail, stopOutPercent } from './account-detail.ts';
import { createAccountSnapshots } from './account-snapshot.ts';
import { livePush } from './live-push.ts';
import { isHolding, orderStatus } from './order-lifecycle.ts';
import type { Idempotency, OrderRequest } from './order-request.ts';
import { liveFigures, toWireOrder } from './order-wire.ts';
import type { OrderRecord, OrdersRepository } from './orders.repository.ts';
import { createTickReactions } from './tick-reactions.ts';
import { createTradingCommands } from './trading-commands.ts';
import { createTradingMemory } from './trading-memory.ts';
import { type OrderCaps, pendingOf } from './trading-steps.ts';

export type { Idempotency, OrderRequest } from './order-request.ts';

/**
 * Trading (ARCHITECTURE.md "Trading path"): the user's commands and the tick reactions run
 * through the command core with trading's rules; pages read the database; memory — fed by
 * the bus — screens ticks and serves live figures.
 */
export function createTradingService(deps: {
  db: Kysely<Database>;
  core: CommandCore;
  bus: Bus;
  orders: OrdersRepository;
  accounts: AccountsRepository;
  market: QuotePort;
  /** Margin level (10^-4) below which stop-out cancels pending orders and closes positions. */
  stopOutLevel: bigint;
  caps: OrderCaps;
  onError: (error: unknown) => void;
  /** Whose triggers this node fires (scale-out); the embedded default fires everyone's. */
  ownership: EngineOwnership;
  /** Scale-out: the bus came back after an outage; memory catches up from the database. */
  onReconnected?: (listener: () => void) => () => void;
}) {
  const { core, orders, market, ownership } = deps;
  const snapshots = createAccountSnapshots(deps);
  const memory = createTradingMemory({
    snapshots,
    value: (live) => commands.value(live),
    market,
    stopOutLevel: deps.stopOutLevel,
    covers: ownership.owns,
  });
  const commands = createTradingCommands({
    orders,
    market,
    stopOutLevel: deps.stopOutLevel,
    caps: deps.caps,
    positionsAt: (accountId, version) =>
      memory.view(accountId)?.version === version ? memory.positions(accountId) : undefined,
    liveOrdersAt(accountId, version) {
      const view = memory.view(accountId);
      return view?.version === version ? [...view.orders.values()] : undefined;
    },
  });
  core.use(commands.policy);
  const reactions = createTickReactions({ ...deps, commands, memory });

  /** A user's command; the first one opens the account (a refusal rolls that back too). */
  const command = <T>(user: UserRecord, run: AccountCommand<T>): Promise<T> =>
    core.execute(user.id, run, { create: true });

  /** The user's open positions valued now, read from the database. */
  async function positions(userId: number): Promise<PositionValue[]> {
    return commands.value(await orders.ofUser(userId, 'holding'));
  }

  /** The user's positions valued now and the reserves of their pending orders, from the database. */
  async function holdings(
    userId: number,
  ): Promise<{ positions: PositionValue[]; reserved: Micros }> {
    const live = await orders.liveOf(userId);
    return {
      positions: commands.value(live),
      reserved: sumMicros(pendingOf(live).map((p) => p.reserve)),
    };
  }

  return {
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
      return () => {
        stopTicks();
        stopFollowing();
        stopCatchingUp?.();
        unsubscribe();
      };
    },
    idle: reactions.idle,
    /** How many accounts the stop-out screen holds boxed, and how many it watches on every tick. */
    screenCounts: () => memory.screenCounts(),
    snapshots,

    async openMarket(user: UserRecord, request: OrderRequest, idempotency?: Idempotency) {
      return command<OrderRecord>(user, commands.openMarket(request, idempotency));
    },

    async placePending(
      user: UserRecord,
      request: OrderRequest & { target: PricePoints },
      idempotency?: Idempotency,
    ) {
      return command<OrderRecord>(user, commands.placePending(request, idempotency));
    },

    cancel: (user: UserRecord, orderId: number) =>
      command<OrderRecord>(user, commands.cancel(orderId)),

    close: (user: UserRecord, orderId: number) =>
      command<OrderRecord>(user, commands.close(orderId)),

    setStops: (user: UserRecord, orderId: number, takeProfit: PricePoints, stopLoss: PricePoints) =>
      command<OrderRecord>(user, commands.setStops(orderId, takeProfit, stopLoss)),

    /**
     * One page of my orders of a status (the number my_deal is asked with), with Σ P&L over
     * all of them and my balance.
     */
    async list(
      user: UserRecord,
      status: OrderStatus,
      page: number,
      autoClosed = false,
    ): Promise<MyDeal> {
      const account = await core.open(user.id);
      const state = orderStatus.stateOf(status);
      const { rows, total } = await orders.page(user.id, state, page, PAGE_SIZE, {
        reasons: autoClosed && state === 'history' ? AUTO_CLOSE_REASONS : undefined,
      });
      let all = ZERO_MICROS;
      if (state === 'history') all = await orders.realizedPnl(user.id);
      if (state === 'holding')
        all = sumMicros((await positions(user.id)).map((position) => position.floatingPnl));
      return {
        data: rows.map((order) => toWireOrder(order, market)),
        total,
        all_fact_profits: microsToNumber(all),
        balance: microsToNumber(account.balance),
      };
    },

    /** Account figures (forexDetail): the balance and the open positions valued now. */
    async detail(user: UserRecord): Promise<ForexDetail> {
      const account = await core.open(user.id);
      const { positions, reserved } = await holdings(user.id);
      return {
        ...accountDetail(account, positions, reserved),
        stop_out_level: stopOutPercent(deps.stopOutLevel),
      };
    },

    /** My order, or ORDER_NOT_FOUND (also for someone else's). */
    async mine(user: UserRecord, orderId: number): Promise<OrderRecord> {
      const order = await orders.find(orderId);
      if (!order || order.userId !== user.id) throw new AppError('ORDER_NOT_FOUND');
      return order;
    },

    /** What memory holds of the user live (FOREX_TRADE's figures), or null when nothing. */
    live(userId: number): Omit<ForexTradePush, 'changed'> | null {
      const view = memory.view(userId);
      return view ? livePush(view, market) : null;
    },

    /** Trading's steps for copy trading's commands on copy accounts (issue 29). */
    copySteps: commands.copySteps,

    /**
     * Memory's equity of an account at the current quotes, or undefined when memory holds no
     * live order of it (screening only: a command decides on what the database holds).
     */
    equityInMemory(accountId: number): Micros | undefined {
      const view = memory.view(accountId);
      if (!view) return undefined;
      const live = [...view.orders.values()];
      const reserved = sumMicros(pendingOf(live).map((p) => p.reserve));
      return accountFigures({ balance: view.balance, reserved }, commands.value(live)).equity;
    },

    /** An account's figures and open positions valued now, from the database (a page). */
    async accountNow(accountId: number) {
      const account = await deps.accounts.find(accountId);
      const live = await orders.liveOf(accountId);
      const reserved = sumMicros(pendingOf(live).map((p) => p.reserve));
      const figures = accountFigures(
        { balance: account?.balance ?? ZERO_MICROS, reserved },
        commands.value(live),
      );
      const positions = live
        .filter(isHolding)
        .map((order) => ({ order, live: liveFigures(order, market) }));
      return { figures, positions };
    },

    /** Memory's view of an account (tests compare it with the database). */
    memoryOf: memory.view,
    watching: memory.watching,
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
