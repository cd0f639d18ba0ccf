import { ORDER_STATUSES, type Order } from '@tradedesk/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatCents, formatPrice, formatSignedCents, trendOfCents } from '../../../lib/format.ts';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { neverTraded } from '../lib/never-traded.ts';
import { orderMoney } from '../lib/order-money.ts';
import { orderTypeKey } from '../lib/order-type.ts';
import { formatStopMoved, hasTrailing } from '../lib/trailing.ts';
import '../order-card.css';

/**
 * What issue 40 adds under an order's stops: its trailing stop ("Trailing 0.00100 · moved
 * 12:03:15 GMT+8"), a waiting order's expiry, the position a partial close was taken from.
 */
function OrderCardNotes({ order }: { order: Order }) {
  const { t } = useTranslation();
  const precision = order.ForexTradeLists.PricePrecision;
  const closed = order.Status === ORDER_STATUSES.history;
  const trailing = [
    t('order.trailing', { distance: formatPrice(order.TrailingDistance, precision) }),
    ...(order.TrailingActivation > 0
      ? [t('order.trailing_from', { price: formatPrice(order.TrailingActivation, precision) })]
      : []),
    ...(order.StopMovedTimeHandler
      ? [t('order.stop_moved', { time: formatStopMoved(order.StopMovedTimeHandler, Date.now()) })]
      : []),
  ];
  return (
    <>
      {!closed && hasTrailing(order) ? (
        <div className="order-card-note" data-testid="order-card-trailing">
          {trailing.join(' · ')}
        </div>
      ) : null}
      {order.Status === ORDER_STATUSES.pending && order.ExpireTimeHandler ? (
        <div className="order-card-note" data-testid="order-card-expiry">
          {t('order.expires', { time: formatLocalDateTime(order.ExpireTimeHandler) })}
        </div>
      ) : null}
      {order.PartOf !== null ? (
        <div className="order-card-note" data-testid="order-card-part">
          {t('order.part_of', { id: order.PartOf })}
        </div>
      ) : null}
    </>
  );
}

/**
 * One order in a list: what (a waiting order by its type: Buy Limit …), which way, how much,
 * where it stands. Money to the cent, as MT5 shows it; the result is net of the fee, what the
 * trade made or lost the trader, and the detail it opens has every figure to the micro-dollar.
 */
export function OrderCard({ order, onOpen }: { order: Order; onOpen(order: Order): void }) {
  const { t } = useTranslation();
  const precision = order.ForexTradeLists.PricePrecision;
  const price = (value: number) => formatPrice(value, precision);
  const buy = order.OrderType === 1;
  // In the history: closed, or a pending order cancelled.
  const closed = order.Status === ORDER_STATUSES.history;
  const untraded = neverTraded(order);
  const money = orderMoney(order);
  return (
    <button
      type="button"
      className="order-card"
      onClick={() => onOpen(order)}
      data-testid="order-card"
      data-id={order.Id}
    >
      <div className="order-card-head">
        <strong>{order.ForexTradeLists.ShowCode}</strong>
        <Tag color={buy ? 'primary' : 'danger'} fill="outline" data-testid="order-type">
          {t(orderTypeKey(order))} {order.Quantity}
        </Tag>
        {closed && order.CloseReason ? (
          <Tag color="default">{t(`order.reason_${order.CloseReason}`)}</Tag>
        ) : null}
        {untraded ? null : (
          <span className="order-card-result">
            <span
              className={`order-card-profit ${trendOfCents(money.net)}`}
              data-testid="order-profit"
            >
              {formatSignedCents(money.net)}
            </span>
            <span className="order-card-net">{t('order.net_of_fees')}</span>
          </span>
        )}
      </div>
      <div className="order-card-prices">
        <span>
          {untraded ? t('order.target') : t('order.open_price')} {price(order.OriginPrice)}
        </span>
        {/* A cancelled order never traded: it has no closing price. */}
        {untraded && closed ? null : (
          <span data-testid="order-update-price">
            {closed ? t('order.close_price') : t('order.current_price')} {price(order.UpdatePrice)}
          </span>
        )}
      </div>
      {/* What protects a position or a waiting order; "—" where none is set. */}
      {closed ? null : (
        <div className="order-card-stops" data-testid="order-stops">
          <span>
            {t('trade.stop_loss')}{' '}
            <span data-testid="order-card-sl">
              {order.TargetLossPrice ? price(order.TargetLossPrice) : '—'}
            </span>
          </span>
          <span>
            {t('trade.take_profit')}{' '}
            <span data-testid="order-card-tp">
              {order.TargetProfitPrice ? price(order.TargetProfitPrice) : '—'}
            </span>
          </span>
        </div>
      )}
      <OrderCardNotes order={order} />
      {/* What the closed trade cost, already taken from the net result above. */}
      {closed && !untraded ? (
        <div className="order-card-fee" data-testid="order-fee">
          {t('trade.fee')} <span>{formatCents(money.fee)}</span>
        </div>
      ) : null}
      <div className="order-card-time" data-testid="order-time">
        {formatLocalDateTime(closed ? order.CloseTimeHandler : order.CreateTimeHandler)}
      </div>
    </button>
  );
}
