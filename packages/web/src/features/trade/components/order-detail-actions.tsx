import { ORDER_STATUSES, type Order } from '@tradedesk/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { useCancelOrder } from '../api/orders-api.ts';
import { useConfirmThen } from '../hooks/use-confirm-then.ts';
import type { OrderStops } from '../hooks/use-order-stops.ts';
import type { OrderTrailing } from '../hooks/use-order-trailing.ts';
import { toPoints } from '../lib/instrument-spec.ts';
import { startLevel } from '../lib/stop-levels.ts';
import { findStopProblem } from '../lib/stop-problems.ts';
import { hasTrailing } from '../lib/trailing.ts';
import { StopFields } from './stop-fields.tsx';
import { TrailingField } from './trailing-field.tsx';

/** The sheets a detail opens over itself. */
export type DetailSheet = 'close' | 'edit';

/** A waiting order: moved in its edit sheet, or cancelled. */
function PendingActions(props: {
  order: Order;
  onClose(): void;
  onSheet(sheet: DetailSheet): void;
}) {
  const { t } = useTranslation();
  const confirmThen = useConfirmThen(props.onClose);
  const cancelOrder = useCancelOrder();
  return (
    <div className="order-detail-actions">
      <Button
        block
        fill="outline"
        color="primary"
        onClick={() => props.onSheet('edit')}
        data-testid="edit-order"
      >
        {t('order.edit')}
      </Button>
      <Button
        block
        color="danger"
        onClick={() =>
          confirmThen(t('order.cancel_confirm'), () => cancelOrder.mutateAsync(props.order.Id))
        }
        data-testid="cancel-order"
      >
        {t('order.cancel')}
      </Button>
    </div>
  );
}

/** A position's trailing stop: set, changed or removed on its own, as MT5's context menu does. */
function TrailingEditor({ order, trailing }: { order: Order; trailing: OrderTrailing }) {
  const { t } = useTranslation();
  const save = (): void => {
    if (trailing.problem) toast.show({ content: t(trailing.problem.key, trailing.problem.values) });
    else void trailing.save(order.Id);
  };
  return (
    <>
      <TrailingField
        testIdPrefix="detail"
        value={trailing.draft}
        precision={order.ForexTradeLists.PricePrecision}
        problem={trailing.problem}
        start={trailing.start}
        onChange={trailing.setDraft}
      />
      {trailing.draft.on || hasTrailing(order) ? (
        <div className="order-detail-actions trailing-actions">
          {hasTrailing(order) ? (
            <Button
              block
              fill="outline"
              onClick={() => void trailing.remove(order.Id)}
              data-testid="remove-trailing"
            >
              {t('order.remove_trailing')}
            </Button>
          ) : null}
          {trailing.draft.on ? (
            <Button
              block
              fill="outline"
              color="primary"
              loading={trailing.saving}
              onClick={save}
              data-testid="save-trailing"
            >
              {t('order.save_trailing')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** A position: its TP/SL, its trailing stop, and the close sheet (all or part). */
function PositionActions(props: {
  order: Order;
  stops: OrderStops;
  trailing: OrderTrailing;
  onSheet(sheet: DetailSheet): void;
}) {
  const { order, stops } = props;
  const { t } = useTranslation();
  const precision = order.ForexTradeLists.PricePrecision;
  // A position closes at its current price, the one its stops are judged against.
  const closesAt = toPoints(order.UpdatePrice, precision);
  const side = order.OrderType === 1 ? 'buy' : 'sell';
  const reference = { points: closesAt, source: 'market' } as const;
  const problems = {
    stopLoss: findStopProblem('stopLoss', side, stops.stopLoss, reference, precision),
    takeProfit: findStopProblem('takeProfit', side, stops.takeProfit, reference, precision),
  };
  const save = (): void => {
    // Refused with the words under the field, as the server would refuse it.
    const problem = problems.stopLoss ?? problems.takeProfit;
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
        problems={problems}
        onStopLoss={stops.setStopLoss}
        onTakeProfit={stops.setTakeProfit}
      />
      <div className="order-detail-actions">
        <Button block fill="outline" color="primary" onClick={save} data-testid="save-stops">
          {t('order.save_stops')}
        </Button>
      </div>
      <TrailingEditor order={order} trailing={props.trailing} />
      <div className="order-detail-actions">
        <Button
          block
          color="danger"
          onClick={() => props.onSheet('close')}
          data-testid="close-order"
        >
          {t('order.close')}
        </Button>
      </div>
    </>
  );
}

/**
 * The order's buttons by status: TP/SL, trailing stop and close while holding; edit and
 * cancel while pending.
 */
export function OrderDetailActions(props: {
  order: Order;
  stops: OrderStops;
  trailing: OrderTrailing;
  onClose(): void;
  onSheet(sheet: DetailSheet): void;
}) {
  const { order } = props;
  if (order.Status === ORDER_STATUSES.pending)
    return <PendingActions order={order} onClose={props.onClose} onSheet={props.onSheet} />;
  if (order.Status !== ORDER_STATUSES.holding) return null;
  return (
    <PositionActions
      order={order}
      stops={props.stops}
      trailing={props.trailing}
      onSheet={props.onSheet}
    />
  );
}
