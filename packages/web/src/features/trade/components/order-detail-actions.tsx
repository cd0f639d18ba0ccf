import type { Order } from '@tradedesk/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useCancelOrder, useCloseOrder } from '../api/orders-api.ts';
import { useConfirmThen } from '../hooks/use-confirm-then.ts';
import type { OrderStops } from '../hooks/use-order-stops.ts';
import { toPoints } from '../lib/instrument-spec.ts';
import { startLevel } from '../lib/stop-levels.ts';
import { StopFields } from './stop-fields.tsx';

/** The order's buttons by status: TP/SL and close while holding, cancel while pending. */
export function OrderDetailActions(props: { order: Order; stops: OrderStops; onClose(): void }) {
  const { order, stops } = props;
  const { t } = useTranslation();
  const confirmThen = useConfirmThen(props.onClose);
  const closeOrder = useCloseOrder();
  const cancelOrder = useCancelOrder();
  if (order.Status === 0)
    return (
      <div className="order-detail-actions">
        <Button
          block
          color="danger"
          onClick={() =>
            confirmThen(t('order.cancel_confirm'), () => cancelOrder.mutateAsync(order.Id))
          }
          data-testid="cancel-order"
        >
          {t('order.cancel')}
        </Button>
      </div>
    );
  if (order.Status !== 1) return null;
  const precision = order.ForexTradeLists.PricePrecision;
  // A position closes at its current price, the one its stops are judged against.
  const closesAt = toPoints(order.UpdatePrice, precision);
  const side = order.OrderType === 1 ? 'buy' : 'sell';
  return (
    <>
      <StopFields
        testIdPrefix="detail"
        startPrice={(kind) => startLevel(kind, side, closesAt, precision)}
        stopLoss={stops.stopLoss}
        takeProfit={stops.takeProfit}
        onStopLoss={stops.setStopLoss}
        onTakeProfit={stops.setTakeProfit}
      />
      <div className="order-detail-actions">
        <Button
          block
          fill="outline"
          color="primary"
          onClick={() => stops.save(order.Id)}
          data-testid="save-stops"
        >
          {t('order.save_stops')}
        </Button>
        <Button
          block
          color="danger"
          onClick={() =>
            confirmThen(t('order.close_confirm'), () => closeOrder.mutateAsync(order.Id))
          }
          data-testid="close-order"
        >
          {t('order.close')}
        </Button>
      </div>
    </>
  );
}
