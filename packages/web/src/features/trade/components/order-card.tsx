import type { Order } from '@tradedesk/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatFee, formatPrice, formatProfit, trendOf } from '../../../lib/format.ts';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { neverTraded } from '../lib/never-traded.ts';
import '../order-card.css';

/** One order in a list: what, which way, how much, where it stands. */
export function OrderCard({ order, onOpen }: { order: Order; onOpen(order: Order): void }) {
  const { t } = useTranslation();
  const precision = order.ForexTradeLists.PricePrecision;
  const price = (value: number) => formatPrice(value, precision);
  const buy = order.OrderType === 1;
  const untraded = neverTraded(order);
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
        <Tag color={buy ? 'primary' : 'danger'} fill="outline">
          {t(buy ? 'trade.buy' : 'trade.sell')} {order.Quantity}
        </Tag>
        {order.Status === 3 && order.CloseReason ? (
          <Tag color="default">{t(`order.reason_${order.CloseReason}`)}</Tag>
        ) : null}
        {untraded ? null : (
          <span
            className={`order-card-profit ${trendOf(order.FactProfits)}`}
            data-testid="order-profit"
          >
            {formatProfit(order.FactProfits)}
          </span>
        )}
      </div>
      <div className="order-card-prices">
        <span>
          {untraded ? t('order.target') : t('order.open_price')} {price(order.OriginPrice)}
        </span>
        {/* A cancelled order never traded: it has no closing price. */}
        {untraded && order.Status === 3 ? null : (
          <span data-testid="order-update-price">
            {order.Status === 3 ? t('order.close_price') : t('order.current_price')}{' '}
            {price(order.UpdatePrice)}
          </span>
        )}
      </div>
      {/* What the closed trade cost: FactProfits leaves the fee out (SPEC.md §9). */}
      {order.Status === 3 && !untraded ? (
        <div className="order-card-fee" data-testid="order-fee">
          {t('trade.fee')} <span>{formatFee(order.TradeFee)}</span>
        </div>
      ) : null}
      <div className="order-card-time" data-testid="order-time">
        {formatLocalDateTime(order.Status === 3 ? order.CloseTimeHandler : order.CreateTimeHandler)}
      </div>
    </button>
  );
}
