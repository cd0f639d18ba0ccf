import type { NoticeKind } from '@tradedesk/contract';
import { formatDecimal, microsToCents } from '@tradedesk/engine';
import type { AccountEvent } from '../../platform/core/account-commit.ts';
import type { QuoteReader } from '../market/index.ts';
import { lotsText, priceText, signedCents } from './notice-texts.ts';

/** A notice an account's command gives rise to, before the trader's choices route it. */
export interface AccountNotice {
  /** One per happening: the same firing or close is never told twice. */
  key: string;
  kind: NoticeKind;
  /** Its text's name: `mail.<name>_subject|body`. */
  name: string;
  vars: Record<string, string | number>;
}

type Instruments = Pick<QuoteReader, 'instrument'>;

const CLOSES_TOLD = new Set(['take-profit', 'stop-loss', 'stop-out', 'copy-stop']);

function orderNotice(
  event: Extract<AccountEvent, { type: 'order' }>,
  market: Instruments,
): AccountNotice | undefined {
  const { order, change } = event;
  const instrument = market.instrument(order.instrumentId);
  const base = { code: instrument.code, lots: lotsText(order.lots) };
  const at = (points: bigint | null) =>
    points === null ? '' : priceText(points, instrument.precision);
  if (change === 'closed' && order.closeReason && CLOSES_TOLD.has(order.closeReason))
    return {
      key: `close:${order.id}`,
      kind: order.closeReason === 'copy-stop' ? 'copy' : 'close',
      name: `closed_${order.closeReason.replace('-', '_')}`,
      vars: {
        ...base,
        price: at(order.closePrice),
        pnl: order.pnl === null ? '' : signedCents(order.pnl),
      },
    };
  if (change === 'filled')
    return {
      key: `fill:${order.id}`,
      kind: 'order',
      name: 'order_filled',
      vars: { ...base, price: at(order.openPrice) },
    };
  if (change === 'cancelled' && order.closeReason === 'expired')
    return {
      key: `expiry:${order.id}`,
      kind: 'order',
      name: 'order_expired',
      vars: { ...base, price: at(order.targetPrice) },
    };
  return undefined;
}

/**
 * What of a command's events the trader is told of beyond the app (issue 41): a price alert
 * firing, a margin call, a close by take profit, stop loss, stop-out or a copy's stop, a
 * pending order filled or expired.
 */
export function accountNoticesOf(
  command: { accountId: number; at: number; events: readonly AccountEvent[] },
  market: Instruments,
): AccountNotice[] {
  const { accountId, at, events } = command;
  const notices: AccountNotice[] = [];
  for (const event of events) {
    if (event.type === 'alert' && event.change === 'fired' && event.price !== undefined) {
      const { alert } = event;
      const instrument = market.instrument(alert.instrumentId);
      notices.push({
        key: `alert:${alert.id}:${alert.firedCount}`,
        kind: 'price',
        name: `alert_${alert.condition}`,
        vars: {
          code: instrument.code,
          level: priceText(alert.price, instrument.precision),
          price: priceText(event.price, instrument.precision),
          note: alert.note,
        },
      });
    } else if (event.type === 'margin-call') {
      // Told once per crossing: the command emits it only when the account crosses below.
      const stopOut = event.stopOutAt;
      const level = {
        level: formatDecimal(event.level, 2),
        deposit: formatDecimal(microsToCents(event.deposit), 2),
      };
      notices.push(
        stopOut && stopOut.Price > 0
          ? {
              key: `margin:${accountId}:${at}:${event.stage}`,
              kind: 'margin',
              name: 'margin_call',
              vars: {
                ...level,
                code: stopOut.Code,
                price: stopOut.Price.toFixed(stopOut.PricePrecision),
              },
            }
          : {
              key: `margin:${accountId}:${at}:${event.stage}`,
              kind: 'margin',
              name: 'margin_call_plain',
              vars: level,
            },
      );
    } else if (event.type === 'order') {
      const notice = orderNotice(event, market);
      if (notice) notices.push(notice);
    }
  }
  return notices;
}
