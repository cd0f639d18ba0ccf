import type { ResponseOf } from '@tradedesk/contract';

import type { TFunction } from 'i18next';
import { showDialog } from '../../../lib/dialogs.ts';
import { formatPrice } from '../../../lib/format.ts';
import type { Mode, Side } from '../lib/order-draft.ts';

/** Says what was placed, and offers to stay on the form or to open the order list. */
export function showOrderPlaced(
  placement: {
    t: TFunction;
    order: ResponseOf<'submitOrder'>;
    side: Side;
    mode: Mode;
    precision: number;
  },
  onViewOrders: () => void,
): void {
  const { t, order, side, mode, precision } = placement;
  const placed = showDialog({
    title: t('trade.success_title'),
    content: (
      <p data-testid="order-success">
        {t(mode === 'market' ? 'trade.success_market' : 'trade.success_pending', {
          side: t(side === 'buy' ? 'trade.buy' : 'trade.sell'),
          lots: order.Quantity,
          code: order.ForexTradeLists.ShowCode,
          price: formatPrice(order.OriginPrice, precision),
        })}
      </p>
    ),
    closeOnAction: true,
    actions: [
      [
        { key: 'stay', text: t('trade.continue') },
        {
          key: 'orders',
          text: t('trade.view_orders'),
          bold: true,
          onClick: () => {
            placed.close();
            onViewOrders();
          },
        },
      ],
    ],
  });
}
