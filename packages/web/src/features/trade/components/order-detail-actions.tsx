import { ORDER_STATUSES, type Order } from '@tradedesk/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { useCancelOrder, useCloseOrder } from '../api/orders-api.ts';
import { useConfirmThen } from '../hooks/use-confirm-then.ts';
import type { OrderStops } from '../hooks/use-order-stops.ts';
import { toPoints } from '../lib/instrument-spec.ts';
import { startLevel } from '../lib/stop-levels.ts';
import { findStopProblem } from '../lib/stop-problems.ts';
import { StopFields } from './stop-fields.tsx';

/** The order's buttons by status: TP/SL and close while holding, cancel while pending. */
export function OrderDetailActions(props: { order: Order; stops: OrderStops; onClose(): void }) {
  const { order, stops } = props;
  const { t } = useTranslation();
  const confirmThen = useConfirmThen(props.onClose);
  const closeOrder = useCloseOrder();
  const cancelOrder = useCancelOrder();
  if (order.Status === ORDER_STATUSES.pending)
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
  if (order.Status !== ORDER_STATUSES.holding) return null;
  const precision = order.ForexTradeLists.PricePrecision;
  // A position closes at its current price, the one its stops are judged against.
  const closesAt = toPoints(order.UpdatePrice, precision);
  const side = order.OrderType === 1 ? 'buy' : 'sell';
  const reference = { points: closesAt, source: 'market' } as const;
  const stopLossProblem = findStopProblem('stopLoss', side, stops.stopLoss, reference, precision);
  const takeProfitProblem = findStopProblem(
    'takeProfit',
    side,
    stops.takeProfit,
    reference,
    precision,
  );
  const save = (): void => {
    // Refused with the words under the field, as the server would refuse it.
    const problem = stopLossProblem ?? takeProfitProblem;
    if (problem) toast.show({ content: t(problem.key, problem.values) });
    else void stops.save(order.Id);
  };
  return (
    <>
      <StopFields
        testIdPrefix="detail"
        startPrice={(kind) => startLevel(kind, side, closesAt, precision)}
        stopLoss={stops.stopLoss}
        takeProfit={stops.takeProfit}
        problems={{ stopLoss: stopLossProblem, takeProfit: takeProfitProblem }}
        onStopLoss={stops.setStopLoss}
        onTakeProfit={stops.setTakeProfit}
      />
      <div className="order-detail-actions">
        <Button block fill="outline" color="primary" onClick={save} data-testid="save-stops">
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
