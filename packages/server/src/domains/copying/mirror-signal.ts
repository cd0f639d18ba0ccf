import type { CopySkipReason, ResultName } from '@tradedesk/contract';
import type { AccountCommand, CommandContext } from '../../platform/core/command-core.ts';
import type { QuoteReader } from '../market/index.ts';
import type { CopySteps } from '../trading/index.ts';
import { type CopyRecord, createCopiesRepository } from './copies.repository.ts';
import { isRunning, takesNewTrades } from './copy-lifecycle.ts';
import { type OpenSignal, type PartSignal, SIGNAL_CHANGE, type SignalRow } from './copy-signals.ts';
import { copyLots } from './copy-sizing.ts';
import { createCopyTradesRepository } from './copy-trades.repository.ts';

/** Trading's refusals of a copy's open, as the reason the follower reads. */
const SKIP_REASONS: Partial<Record<ResultName, CopySkipReason>> = {
  INSUFFICIENT_MARGIN: 'insufficient-margin',
  MARKET_CLOSED: 'market-closed',
  TOO_MANY_OPEN_ORDERS: 'too-many-orders',
  LOTS_BELOW_MIN: 'below-min-lot',
  LOTS_OFF_STEP: 'below-min-lot',
  TAKE_PROFIT_WRONG_SIDE: 'stops-passed',
  STOP_LOSS_WRONG_SIDE: 'stops-passed',
};

/** What a mirror command did with a signal for one copy. */
export type MirrorOutcome = 'mirrored' | 'skipped' | 'closed' | 'stops' | 'nothing';

/** What mirroring runs on: trading's steps on the copy account, and the quotes of now. */
export interface MirrorDeps {
  steps: CopySteps;
  market: QuoteReader;
}

/** A leader's new position on the copy: opened in proportion, or skipped with the reason. */
async function mirrorOpen(
  deps: MirrorDeps,
  ctx: CommandContext,
  copy: CopyRecord,
  row: SignalRow,
  signal: OpenSignal,
): Promise<MirrorOutcome> {
  const { steps, market } = deps;
  const trades = ctx.repository(createCopyTradesRepository);
  const record = (outcome: { copyOrderId: number } | { skipped: CopySkipReason }) =>
    trades.record({
      copyId: copy.id,
      leaderOrderId: row.leaderOrderId,
      leaderLots: signal.lots,
      at: ctx.at,
      ...outcome,
    });
  if (!takesNewTrades(copy)) {
    await record({ skipped: 'paused' });
    return 'skipped';
  }
  const { equity } = await steps.figures(ctx);
  const size = copyLots(signal.lots, equity, signal.leaderEquity, market.spec(signal.instrumentId));
  if (!size.ok) {
    await record({ skipped: size.reason });
    return 'skipped';
  }
  const quote = signal.atMarket
    ? market.quotePoints(signal.instrumentId)
    : { bid: signal.bid, ask: signal.ask };
  const opened = await steps.open(ctx, { ...signal, lots: size.lots }, quote);
  if (!opened.ok) {
    const reason = SKIP_REASONS[opened.reason];
    if (!reason) throw opened.error;
    await record({ skipped: reason });
    return 'skipped';
  }
  await record({ copyOrderId: opened.order.id });
  return 'mirrored';
}

/**
 * A leader's partial close on the copy: the same fraction of the copy's position, rounded down
 * to the lot step, at the leader's price. A part or a rest below the minimum lot leaves the
 * copy's position as it is, recorded as a skip with its reason.
 */
async function mirrorPart(
  deps: MirrorDeps,
  ctx: CommandContext,
  copy: CopyRecord,
  row: SignalRow,
  signal: PartSignal,
): Promise<MirrorOutcome> {
  const trades = ctx.repository(createCopyTradesRepository);
  const position = await trades.trade(copy.id, signal.positionId);
  if (!position?.copyOrderId) return 'nothing';
  const record = (outcome: { copyOrderId: number } | { skipped: CopySkipReason }) =>
    trades.record({
      copyId: copy.id,
      leaderOrderId: row.leaderOrderId,
      leaderLots: signal.lots,
      at: ctx.at,
      ...outcome,
    });
  const closed = await deps.steps.closePart(ctx, position.copyOrderId, signal, signal.price);
  if (closed === null) return 'nothing';
  if (!closed.ok) {
    await record({ skipped: 'below-min-lot' });
    return 'skipped';
  }
  await record({ copyOrderId: closed.part.id });
  return 'closed';
}

/**
 * One leader signal on one copy (issue 29), run by the command core on the copy account under
 * its lock: the copy's row and what it did with the leader order are read and written in the
 * same transaction, so a signal taken twice (a retry, a second node) changes nothing twice —
 * exactly once per (leader order, copy).
 */
export function mirrorSignal(
  deps: MirrorDeps,
  row: SignalRow,
  copyId: number,
): AccountCommand<MirrorOutcome> {
  return {
    // Stryker disable next-line StringLiteral: a command's name reaches only logs and errors
    name: `copy-${row.signal.change}`,
    async run(ctx) {
      const copy = await ctx.repository(createCopiesRepository).find(copyId);
      if (!copy || copy.accountId !== ctx.accountId) return 'nothing';
      const done = await ctx
        .repository(createCopyTradesRepository)
        .trade(copyId, row.leaderOrderId);
      const signal = row.signal;
      if (signal.change === SIGNAL_CHANGE.part) {
        // The part's own row is the signal's leader order: each partial close once per copy.
        if (done) return 'nothing';
        return mirrorPart(deps, ctx, copy, row, signal);
      }
      if (signal.change === SIGNAL_CHANGE.open) {
        if (done || !isRunning(copy)) return 'nothing';
        return mirrorOpen(deps, ctx, copy, row, signal);
      }
      if (!done?.copyOrderId) return 'nothing';
      if (signal.change === SIGNAL_CHANGE.close)
        return (await deps.steps.close(ctx, done.copyOrderId, signal.price)) ? 'closed' : 'nothing';
      if (signal.change === SIGNAL_CHANGE.trailing) {
        const trailed = await deps.steps.setTrailing(ctx, done.copyOrderId, signal);
        return trailed ? 'stops' : 'nothing';
      }
      const set = await deps.steps.setStops(
        ctx,
        done.copyOrderId,
        signal.takeProfit,
        signal.stopLoss,
      );
      return set ? 'stops' : 'nothing';
    },
  };
}
