import { ORDER_STATUSES, type Order } from '@tradedesk/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  formatCents,
  formatFee,
  formatLeverage,
  formatPrice,
  formatSignedExact,
  wireMicros,
} from '../../../lib/format.ts';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { neverTraded } from '../lib/never-traded.ts';
import { orderMoney } from '../lib/order-money.ts';
import { orderTypeKey } from '../lib/order-type.ts';

type Row = readonly [label: string, value: string, testId?: string];

/**
 * What issue 40 added to an order: a trailing stop (its distance, where it starts, when it last
 * moved the stop), a pending order's expiry, the position a partial close was taken from.
 */
function managementRows(order: Order, t: TFunction): Row[] {
  const price = (value: number) => formatPrice(value, order.ForexTradeLists.PricePrecision);
  const rows: Row[] = [];
  if (order.TrailingDistance > 0) {
    rows.push([t('trade.trailing_stop'), price(order.TrailingDistance), 'detail-trailing']);
    if (order.TrailingActivation > 0)
      rows.push([t('order.trailing_from_label'), price(order.TrailingActivation)]);
  }
  if (order.StopMovedTimeHandler && order.Status !== ORDER_STATUSES.history)
    rows.push([
      t('order.stop_moved_at'),
      formatLocalDateTime(order.StopMovedTimeHandler),
      'detail-stop-moved',
    ]);
  if (order.Status === ORDER_STATUSES.pending)
    rows.push([
      t('order.expiry'),
      order.ExpireTimeHandler
        ? formatLocalDateTime(order.ExpireTimeHandler)
        : t('order.expiry_gtc'),
      'detail-expiry',
    ]);
  if (order.PartOf !== null)
    rows.push([t('order.part_of_label'), `#${order.PartOf}`, 'detail-part-of']);
  return rows;
}

function detailRows(order: Order, t: TFunction): Row[] {
  const price = (value: number) => formatPrice(value, order.ForexTradeLists.PricePrecision);
  // A pending or cancelled order never traded: no fill, no price to close at, no P&L.
  const traded = !neverTraded(order);
  // The card shows these to the cent; here they are exact, as the ledger holds them.
  const money = orderMoney(order);
  return [
    [t('order.side'), t(orderTypeKey(order)), 'detail-type'],
    [t('trade.lots'), String(order.Quantity)],
    [
      t('market.leverage'),
      order.Multiple ? formatLeverage(order.Multiple) : t('market.fixed_margin'),
    ],
    // A market order's shown price is its fill; a pending order's is the target it asked for.
    [
      traded && order.OriginPrice === order.Price ? t('order.open_price') : t('order.target'),
      price(order.OriginPrice),
    ],
    ...(traded
      ? ([
          [t('order.fill_price'), price(order.Price)],
          [
            order.Status === ORDER_STATUSES.history
              ? t('order.close_price')
              : t('order.current_price'),
            price(order.UpdatePrice),
            'detail-update-price',
          ],
          [t('order.net_pnl'), formatSignedExact(money.net), 'detail-net'],
          [t('order.pnl_before_fees'), formatSignedExact(money.pnl), 'detail-profit'],
        ] as Row[])
      : order.Status === ORDER_STATUSES.pending
        ? ([[t('order.current_price'), price(order.UpdatePrice), 'detail-update-price']] as Row[])
        : []),
    [
      order.Status === ORDER_STATUSES.pending ? t('order.reserved') : t('trade.margin'),
      formatCents(wireMicros(order.CautionMoney)),
    ],
    [t('trade.fee'), formatFee(order.TradeFee), 'detail-fee'],
    [
      t('trade.stop_loss'),
      order.TargetLossPrice ? price(order.TargetLossPrice) : '—',
      'detail-stop-loss',
    ],
    [t('trade.take_profit'), order.TargetProfitPrice ? price(order.TargetProfitPrice) : '—'],
    ...managementRows(order, t),
    [t('order.created'), formatLocalDateTime(order.CreateTimeHandler), 'detail-created'],
    ...(order.CloseTimeHandler
      ? ([
          [t('order.closed_at'), formatLocalDateTime(order.CloseTimeHandler), 'detail-closed'],
        ] as Row[])
      : []),
    ...(order.CloseReason
      ? ([[t('order.reason'), t(`order.reason_${order.CloseReason}`)]] as Row[])
      : []),
  ];
}

/** Everything about one order, one row per figure, only the figures its status has. */
export function OrderDetailRows({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <dl className="order-detail-rows">
      {detailRows(order, t).map(([label, value, testId]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
