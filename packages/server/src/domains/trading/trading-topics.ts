import {
  type ForexClosedPush,
  type ForexTradePush,
  type MarginCallPush,
  TOPICS,
} from '@tradedesk/contract';
import { microsToNumber, ZERO_MICROS } from '@tradedesk/engine';
import type { Bus } from '../../platform/bus/bus.ts';
import type { AccountCommit } from '../../platform/core/account-commit.ts';
import type { TopicOutput, TopicOwner } from '../../platform/ws/gateway.ts';
import { stopOutPercent } from './account-detail.ts';
import { type AccountView, createAccountViews } from './account-views.ts';
import { livePush } from './live-push.ts';
import './margin-call.ts';
import { type OrderQuotes, toWireOrder } from './order-wire.ts';
import './order-events.ts';

/**
 * FOREX_TRADE, FOREX_CLOSED and MARGIN_CALL on the socket: a logged-in trader's own positions,
 * account figures and margin calls. The accounts of logged-in sockets are followed from the bus (views scoped to the
 * tracked ones); every flush each of them gets its figures at the current quotes, and a close
 * goes out as it commits, with what a toast needs.
 */
export function createTradingTopics(deps: {
  bus: Bus;
  market: OrderQuotes;
  /** One account's view from the database (at login; later commits come from the bus). */
  load: (accountId: number) => Promise<AccountView>;
  now: () => number;
  /** Margin level (10^-4) of a margin call, as MARGIN_CALL tells it. */
  marginCallLevel: bigint;
  /** The second margin call level (halfway to stop-out). */
  secondLevel: bigint;
  /** Scale-out: the bus came back after an outage; followed accounts are read again. */
  onReconnected?: ((listener: () => void) => () => void) | undefined;
}): TopicOwner {
  const { market, now } = deps;
  const views = createAccountViews({ load: deps.load, scope: 'tracked' });
  /** Orders that entered or left a list since the last FOREX_TRADE push, per user. */
  const changed = new Map<number, number[]>();

  /** A committed command of a followed account: the view moves on, its order events go out. */
  async function onCommit(commit: AccountCommit, out: TopicOutput): Promise<void> {
    if (!(await views.apply(commit))) return;
    for (const event of commit.events) {
      if (event.type === 'margin-call') {
        const data: MarginCallPush = {
          level: stopOutPercent(event.level),
          margin_call_level: stopOutPercent(deps.marginCallLevel),
          stage: event.stage === 2 ? 2 : 1,
          second_level: stopOutPercent(deps.secondLevel),
          deposit: microsToNumber(event.deposit),
          stop_out_at: event.stopOutAt,
        };
        out.toUser(
          TOPICS.marginCall,
          commit.accountId,
          JSON.stringify({ topic: TOPICS.marginCall, data }),
        );
        continue;
      }
      if (event.type !== 'order') continue;
      const { order } = event;
      // Lists change with what enters or leaves them; a stop moved is in the figures' push.
      if (event.change !== 'stops' && event.change !== 'trailing' && event.change !== 'trailed') {
        const ids = changed.get(order.userId) ?? [];
        ids.push(order.id);
        changed.set(order.userId, ids);
      }
      // A pending order past its expiry is told like a close the trader did not ask for.
      const expired = event.change === 'cancelled' && order.closeReason === 'expired';
      if (event.change !== 'closed' && !expired) continue;
      const wire = toWireOrder(order, market);
      const data: ForexClosedPush = {
        Id: order.id,
        CloseReason: order.closeReason ?? 'manual',
        FactProfits: microsToNumber(order.pnl ?? ZERO_MICROS),
        // Enough for the trader's notice of the close (a toast) without asking my_deal.
        Code: wire.ForexTradeLists.Code,
        PricePrecision: wire.ForexTradeLists.PricePrecision,
        OrderType: wire.OrderType,
        Quantity: wire.Quantity,
        ClosePrice: wire.ClosePrice,
        CloseTime: order.closedAt ?? now(),
      };
      out.toUser(
        TOPICS.forexClosed,
        order.userId,
        JSON.stringify({ topic: TOPICS.forexClosed, data }),
      );
    }
  }

  return {
    accepts: (topic) =>
      topic === TOPICS.forexTrade || topic === TOPICS.forexClosed || topic === TOPICS.marginCall,
    track: (userId) => views.track(userId),
    untrack: (userId) => views.untrack(userId),
    start(out) {
      const stopCommits = deps.bus.subscribe('account.committed', (commit) =>
        onCommit(commit, out),
      );
      const stopCatchingUp = deps.onReconnected?.(() => {
        for (const view of [...views.all()]) void views.rebuild(view.accountId);
      });
      return () => {
        stopCommits();
        stopCatchingUp?.();
      };
    },
    /**
     * Each logged-in subscriber its own user's figures, computed once per user per flush and
     * sent only when they differ from what that socket last received. The changes are taken
     * whole each flush: those of users with no socket listening are dropped.
     */
    flush(out) {
      const changes = new Map(changed);
      changed.clear();
      out.toEachUser(TOPICS.forexTrade, (userId) => {
        const view = views.get(userId);
        if (!view) return null;
        const data: ForexTradePush = {
          ...livePush(view, market),
          changed: changes.get(userId) ?? [],
        };
        return JSON.stringify({ topic: TOPICS.forexTrade, data });
      });
    },
  };
}
