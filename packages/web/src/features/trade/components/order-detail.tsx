import type { Order } from '@tradedesk/contract';
import { Button, Dialog, Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPrice, formatProfit } from '../../../lib/format.ts';
import { cancelOrder, closeOrder, setStopPrice, useRefreshAccount } from '../api/orders-api.ts';
import { StopField } from './stop-field.tsx';

/** A stop as the form edits it: on with its price, or off (0). */
function stopState(value: number, precision: number) {
  return value > 0 ? { on: true, price: formatPrice(value, precision) } : { on: false, price: '' };
}

/**
 * Everything about one order, and what can be done with it (SPEC.md §4): a holding position
 * can be closed or have TP/SL set, a pending order cancelled; history is read only.
 */
export function OrderDetail({ order, onClose }: { order: Order | null; onClose(): void }) {
  const { t } = useTranslation();
  const refreshAccount = useRefreshAccount();
  const precision = order?.ForexTradeLists.PricePrecision ?? 2;
  const [stopLoss, setStopLoss] = useState({ on: false, price: '' });
  const [takeProfit, setTakeProfit] = useState({ on: false, price: '' });
  const orderId = order?.Id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another order opens.
  useEffect(() => {
    if (!order) return;
    setStopLoss(stopState(order.TargetLossPrice, precision));
    setTakeProfit(stopState(order.TargetProfitPrice, precision));
  }, [orderId]);

  if (!order) return <Popup visible={false} />;
  const price = (value: number) => formatPrice(value, precision);
  const confirmThen = async (question: string, act: () => Promise<unknown>) => {
    const ok = await Dialog.confirm({
      content: question,
      confirmText: t('public.confirm'),
      cancelText: t('public.cancel'),
    });
    if (!ok) return;
    try {
      await act();
      onClose();
    } catch {
      // Toasted by the client.
    }
    await refreshAccount();
  };
  const saveStops = async () => {
    try {
      await setStopPrice({
        id: order.Id,
        stop_loss_price: stopLoss.on ? stopLoss.price : '0',
        target_profit_price: takeProfit.on ? takeProfit.price : '0',
      });
      await refreshAccount();
    } catch {
      // Toasted by the client.
    }
  };

  // A pending or cancelled order never traded: no fill, no price to close at, no P&L.
  const traded = order.Status === 1 || (order.Status === 3 && order.CloseReason !== 'cancelled');
  type Row = readonly [label: string, value: string, testId?: string];
  const rows: Row[] = [
    [t('order.side'), t(order.OrderType === 1 ? 'trade.buy' : 'trade.sell')],
    [t('trade.lots'), String(order.Quantity)],
    [t('market.leverage'), order.Multiple ? `1:${order.Multiple}` : t('market.fixed_margin')],
    // A market order's shown price is its fill; a pending order's is the target it asked for.
    [
      traded && order.OriginPrice === order.Price ? t('order.open_price') : t('order.target'),
      price(order.OriginPrice),
    ],
    ...(traded
      ? ([
          [t('order.fill_price'), price(order.Price)],
          [
            order.Status === 3 ? t('order.close_price') : t('order.current_price'),
            price(order.UpdatePrice),
            'detail-update-price',
          ],
          [t('order.profit'), formatProfit(order.FactProfits), 'detail-profit'],
        ] as Row[])
      : order.Status === 0
        ? ([[t('order.current_price'), price(order.UpdatePrice), 'detail-update-price']] as Row[])
        : []),
    [order.Status === 0 ? t('order.reserved') : t('trade.margin'), formatMoney(order.CautionMoney)],
    [t('trade.fee'), order.TradeFee.toFixed(6)],
    [t('trade.stop_loss'), order.TargetLossPrice ? price(order.TargetLossPrice) : '—'],
    [t('trade.take_profit'), order.TargetProfitPrice ? price(order.TargetProfitPrice) : '—'],
    [t('order.created'), `${order.CreateTimeHandler} UTC`],
    ...(order.CloseTimeHandler
      ? ([[t('order.closed_at'), `${order.CloseTimeHandler} UTC`]] as Row[])
      : []),
    ...(order.CloseReason
      ? ([[t('order.reason'), t(`order.reason_${order.CloseReason}`)]] as Row[])
      : []),
  ];

  return (
    <Popup
      visible
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="order-detail"
      showCloseButton
    >
      <div data-testid="order-detail" data-id={order.Id}>
        <h2>
          {order.ForexTradeLists.ShowCode} <small>#{order.Id}</small>
        </h2>
        <dl className="order-detail-rows">
          {rows.map(([label, value, testId]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd data-testid={testId}>{value}</dd>
            </div>
          ))}
        </dl>
        {order.Status === 1 ? (
          <>
            <StopField
              label={t('trade.stop_loss')}
              on={stopLoss.on}
              value={stopLoss.price}
              testId="detail-sl"
              onToggle={(on) => setStopLoss({ on, price: on ? price(order.UpdatePrice) : '' })}
              onChange={(value) => setStopLoss({ on: true, price: value })}
            />
            <StopField
              label={t('trade.take_profit')}
              on={takeProfit.on}
              value={takeProfit.price}
              testId="detail-tp"
              onToggle={(on) => setTakeProfit({ on, price: on ? price(order.UpdatePrice) : '' })}
              onChange={(value) => setTakeProfit({ on: true, price: value })}
            />
            <div className="order-detail-actions">
              <Button
                block
                fill="outline"
                color="primary"
                onClick={saveStops}
                data-testid="save-stops"
              >
                {t('order.save_stops')}
              </Button>
              <Button
                block
                color="danger"
                onClick={() => confirmThen(t('order.close_confirm'), () => closeOrder(order.Id))}
                data-testid="close-order"
              >
                {t('order.close')}
              </Button>
            </div>
          </>
        ) : null}
        {order.Status === 0 ? (
          <div className="order-detail-actions">
            <Button
              block
              color="danger"
              onClick={() => confirmThen(t('order.cancel_confirm'), () => cancelOrder(order.Id))}
              data-testid="cancel-order"
            >
              {t('order.cancel')}
            </Button>
          </div>
        ) : null}
      </div>
    </Popup>
  );
}
