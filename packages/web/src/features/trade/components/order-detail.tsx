import type { Order } from '@tradedesk/contract';
import { Popup } from 'antd-mobile';
import { useBackCloses } from '../../../lib/use-back-closes.ts';
import { useOrderStops } from '../hooks/use-order-stops.ts';
import { OrderDetailActions } from './order-detail-actions.tsx';
import { OrderDetailRows } from './order-detail-rows.tsx';

/**
 * Everything about one order, and what can be done with it (SPEC.md §4): a holding position
 * can be closed or have TP/SL set, a pending order cancelled; history is read only.
 */
export function OrderDetail({ order, onClose }: { order: Order | null; onClose(): void }) {
  // Held here, not in the actions, so they survive the order changing status under the popup.
  const stops = useOrderStops(order);
  useBackCloses(order !== null, onClose);
  if (!order) return <Popup visible={false} />;
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
        <OrderDetailRows order={order} />
        <OrderDetailActions order={order} stops={stops} onClose={onClose} />
      </div>
    </Popup>
  );
}
