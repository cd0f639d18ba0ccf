import { ORDER_STATUSES, type Order } from '@tradedesk/contract';
import { Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useBackCloses } from '../../../lib/use-back-closes.ts';
import { useOrderStops } from '../hooks/use-order-stops.ts';
import { useOrderTrailing } from '../hooks/use-order-trailing.ts';
import { CloseSheet } from './close-sheet.tsx';
import { type DetailSheet, OrderDetailActions } from './order-detail-actions.tsx';
import { OrderDetailRows } from './order-detail-rows.tsx';
import { PendingEditSheet } from './pending-edit-sheet.tsx';

/**
 * Everything about one order, and what can be done with it (SPEC.md §4, issue 40): a holding
 * position can be closed (all or part, in a sheet over the detail), have TP/SL and a trailing
 * stop set; a pending order moved (in its edit sheet) or cancelled; history is read only.
 */
export function OrderDetail({ order, onClose }: { order: Order | null; onClose(): void }) {
  // Held here, not in the actions, so they survive the order changing status under the popup.
  const stops = useOrderStops(order);
  const trailing = useOrderTrailing(order);
  const [sheet, setSheet] = useState<DetailSheet | null>(null);
  const orderId = order?.Id;
  // Another order, or none: no sheet of the last one stays open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another order opens.
  useEffect(() => setSheet(null), [orderId]);
  useBackCloses(order !== null, onClose);
  if (!order) return <Popup visible={false} />;
  const closeSheet = () => setSheet(null);
  return (
    <>
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
          <OrderDetailRows order={order} />
          <OrderDetailActions
            order={order}
            stops={stops}
            trailing={trailing}
            onClose={onClose}
            onSheet={setSheet}
          />
        </div>
      </Popup>
      {order.Status === ORDER_STATUSES.holding ? (
        <CloseSheet
          order={order}
          open={sheet === 'close'}
          onClose={closeSheet}
          onClosed={(full) => (full ? onClose() : closeSheet())}
        />
      ) : null}
      {order.Status === ORDER_STATUSES.pending ? (
        <PendingEditSheet order={order} open={sheet === 'edit'} onClose={closeSheet} />
      ) : null}
    </>
  );
}
