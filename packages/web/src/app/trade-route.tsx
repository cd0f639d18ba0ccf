import type { Instrument } from '@tradedesk/contract';
import { lazy, Suspense } from 'react';
import { TradePage } from '../features/market/pages/trade-page.tsx';

// The order form and the engine maths behind it load beside the page, not before it: the
// quote and the chart paint first, in a layout that already holds the form's place.
const OrderForm = lazy(() =>
  import('../features/trade/components/order-form.tsx').then((m) => ({ default: m.OrderForm })),
);

// Module-level so the page gets the same function on every render.
function renderOrderForm(instrument: Instrument, instruments: readonly Instrument[]) {
  return (
    <Suspense fallback={<section className="order-form placeholder" aria-busy="true" />}>
      <OrderForm instrument={instrument} instruments={instruments} />
    </Suspense>
  );
}

/**
 * /trade: the market feature's page holding the trade feature's order form. The two meet here,
 * in the app layer, because features never import each other.
 */
export function TradeRoute() {
  return <TradePage renderOrderForm={renderOrderForm} />;
}
