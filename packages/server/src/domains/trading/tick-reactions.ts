import { closingPrice, type LedgerEntry, openAtMarket, planStopOut } from '@tradedesk/engine';
import type { Tick } from '../market/feed/feed.ts';
import type { OrderBook, TradingDeps } from './order-book.ts';
import { parseTriggerKey } from './trigger-host.ts';

/**
 * What ticks do to orders: pending fills, take profits and stop losses fired by the trigger
 * books, and stop-outs of the accounts holding the instrument — each run on the account
 * like any command.
 */
export function createTickReactions(book: OrderBook, deps: TradingDeps) {
  const { orders, accountsRepository, accounts, market, now } = deps;
  const {
    triggers,
    holders,
    openOf,
    withdrawPending,
    balances,
    hold,
    emit,
    onAccount,
    marketOf,
    value,
    closePosition,
    releaseReserve,
    freeMargin,
  } = book;
  const inFlight = new Set<Promise<unknown>>();
  const stopOutQueued = new Set<number>();

  function track<T>(job: Promise<T>): void {
    const tracked = job.catch(deps.onError);
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
  }

  /** A fill or exit reached by a tick, run on the order owner's account like any command. */
  async function onTrigger(key: string, tick: Tick): Promise<void> {
    const { orderId, kind } = parseTriggerKey(key);
    const order = await orders.find(orderId);
    if (!order) return;
    const feeType = await deps.feeType();
    await onAccount(order.userId, async (trx) => {
      const current = (await orders.find(orderId, trx))!;
      const bid = BigInt(tick.bid);
      const ask = BigInt(tick.ask);
      if (kind === 'tp' || kind === 'sl') {
        if (current.status !== 1) return;
        await closePosition(
          current,
          closingPrice(current.side, { bid, ask }),
          kind === 'tp' ? 'take-profit' : 'stop-loss',
          trx,
        );
        return;
      }
      if (current.status !== 0) return;
      const account = await releaseReserve(current, trx);
      const { freeMargin: free } = await freeMargin(current.userId, trx);
      const result = openAtMarket(
        { balance: account.balance, freeMargin: free },
        { ...marketOf(current.instrumentId), quote: { bid, ask }, feeType },
        {
          ...current,
          takeProfit: 0n,
          stopLoss: 0n,
        },
      );
      if (!result.ok) {
        // The market gapped past what the reserve covered: the order cannot fill.
        await withdrawPending(current, 'cancelled', trx);
        return;
      }
      await orders.fill(
        current.id,
        {
          openPrice: result.position.openPrice,
          margin: result.position.margin,
          fee: result.position.fee,
          at: now(),
        },
        trx,
      );
      await accounts.apply(account, result.ledger, current.id, trx);
      const filled = (await orders.find(current.id, trx))!;
      triggers.arm(filled);
      hold(filled);
      emit({ type: 'changed', order: filled });
    });
  }

  /**
   * Stop-out (DECISIONS.md): when an account's margin level is at or below 50 %, close the
   * largest loss first until it is above; a negative balance left with nothing open is set
   * to 0 with a ledger row. Runs on the account like any command.
   */
  async function checkStopOut(userId: number): Promise<void> {
    stopOutQueued.delete(userId);
    await onAccount(userId, async (trx) => {
      const account = (await accountsRepository.find(userId, trx))!;
      const positions = await orders.ofUser(userId, 1, trx);
      const plan = planStopOut(account.balance, value(positions), deps.stopOutLevel);
      for (const [index, id] of plan.close.entries()) {
        const position = positions.find((o) => String(o.id) === id)!;
        // The protection credit lands with the last close, so the balance never stays below 0.
        const last = index === plan.close.length - 1;
        const protection: LedgerEntry[] =
          last && plan.protection > 0n ? [{ kind: 'protection', amount: plan.protection }] : [];
        const price = closingPrice(position.side, market.quotePoints(position.instrumentId));
        await closePosition(position, price, 'stop-out', trx, protection);
      }
    });
  }

  /**
   * Whether the account looks due for a stop-out from what memory holds: the balance as last
   * written and the open positions at the current quotes. Only then is the database consulted
   * (under the lock), so a tick costs no query per holder.
   */
  function mayNeedStopOut(userId: number): boolean {
    const cached = balances.get(userId);
    if (!cached) return true;
    return planStopOut(cached.balance, value(openOf(userId)), deps.stopOutLevel).close.length > 0;
  }

  function onTicks(ticks: readonly Tick[]): void {
    const moved = new Set<number>();
    for (const tick of ticks) {
      // DECISIONS.md: outside its session an instrument's quotes fire nothing, whatever arrives.
      if (!market.isOpen(market.instrument(tick.instrumentId))) continue;
      moved.add(tick.instrumentId);
      for (const trigger of triggers.fire(tick.instrumentId, BigInt(tick.bid), BigInt(tick.ask)))
        track(onTrigger(trigger.key, tick));
    }
    // After the fills and exits of these ticks (queued first on each account), the margin levels.
    for (const instrumentId of moved) {
      for (const userId of holders.get(instrumentId) ?? []) {
        if (stopOutQueued.has(userId) || !mayNeedStopOut(userId)) continue;
        stopOutQueued.add(userId);
        track(checkStopOut(userId));
      }
    }
  }
  return {
    /** Rebuilds the trigger books from the database and starts watching ticks. */
    async start(): Promise<() => void> {
      for (const order of await orders.live()) {
        triggers.arm(order);
        if (order.status === 1) hold(order);
      }
      const holding = new Set([...holders.values()].flatMap((users) => [...users]));
      for (const account of await accountsRepository.findMany([...holding]))
        balances.set(account.userId, {
          balance: account.balance,
          lockBalance: account.lockBalance,
        });
      return market.onUpdate((update) => onTicks(update.ticks));
    },

    /** Resolves when every trigger fired so far has been processed. */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
