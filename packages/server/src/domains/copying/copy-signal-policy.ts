import { asLots, type Micros } from '@tradedesk/engine';
import type { CommandContext, CommandPolicy } from '../../platform/core/command-core.ts';
import type { QuoteReader } from '../market/index.ts';
import type { CopySteps } from '../trading/index.ts';
import { createCopiesRepository } from './copies.repository.ts';
import { fillQuote, SIGNAL_CHANGE, type SignalRow } from './copy-signals.ts';
import { createSignalOutbox } from './signal-outbox.repository.ts';
import './copy-events.ts';

/**
 * The signals of a leader's command: one per fill, close, partial close, TP/SL change and
 * trailing stop set of its orders (a trailing stop's moves are not: the copy's own follows the
 * same quotes).
 */
async function signalsOf(
  ctx: CommandContext,
  deps: { steps: CopySteps; market: QuoteReader },
): Promise<Omit<SignalRow, 'id'>[]> {
  const rows: Omit<SignalRow, 'id'>[] = [];
  let equity: Micros | undefined;
  for (const event of ctx.events) {
    if (event.type !== 'order') continue;
    const { order, change } = event;
    const base = { leaderId: ctx.accountId, leaderOrderId: order.id, copyId: null };
    if (change === 'opened' || change === 'filled') {
      equity ??= (await deps.steps.figures(ctx)).equity;
      const quote = deps.market.quotePoints(order.instrumentId);
      rows.push({
        ...base,
        signal: {
          change: SIGNAL_CHANGE.open,
          instrumentId: order.instrumentId,
          side: order.side,
          lots: order.lots,
          leverage: order.leverage,
          takeProfit: order.takeProfit,
          stopLoss: order.stopLoss,
          ...fillQuote(order, quote.ask - quote.bid),
          leaderEquity: equity,
          atMarket: false,
        },
      });
    } else if (change === 'closed' && order.partOf !== null) {
      // The part's own row names the partial close; the position it came from goes on.
      const remaining = ctx.events.find(
        (e) => e.type === 'order' && e.change === 'reduced' && e.order.id === order.partOf,
      );
      if (remaining?.type !== 'order') continue;
      rows.push({
        ...base,
        signal: {
          change: SIGNAL_CHANGE.part,
          positionId: order.partOf,
          lots: order.lots,
          wholeLots: asLots(order.lots + remaining.order.lots),
          price: order.closePrice!,
        },
      });
    } else if (change === 'closed')
      rows.push({ ...base, signal: { change: SIGNAL_CHANGE.close, price: order.closePrice! } });
    else if (change === 'trailing')
      rows.push({
        ...base,
        signal: {
          change: SIGNAL_CHANGE.trailing,
          distance: order.trailing.distance,
          activation: order.trailing.activation,
          stopLoss: order.stopLoss,
        },
      });
    else if (change === 'stops')
      rows.push({
        ...base,
        signal: {
          change: SIGNAL_CHANGE.stops,
          takeProfit: order.takeProfit,
          stopLoss: order.stopLoss,
        },
      });
  }
  return rows;
}

/**
 * The rule every command gets (issue 29): a command of an account that copies follow writes
 * its fills, closes and TP/SL changes to the copy outbox, in its own transaction — so a
 * signal exists exactly when the leader's change does, and a crash between the leader's
 * commit and the copies' loses nothing. Registered after trading's rules, so that a stop-out
 * their beforeCommit adds is signalled too.
 */
export function copySignalPolicy(deps: { steps: CopySteps; market: QuoteReader }): CommandPolicy {
  return {
    async beforeCommit(ctx) {
      if (!ctx.events.some((event) => event.type === 'order' && event.change !== 'placed')) return;
      if (!(await ctx.repository(createCopiesRepository).isLeading(ctx.accountId))) return;
      const rows = await signalsOf(ctx, deps);
      if (rows.length === 0) return;
      await ctx.repository(createSignalOutbox).append(rows, ctx.at);
      ctx.emit({ type: 'copy-signals', count: rows.length });
    },
  };
}
