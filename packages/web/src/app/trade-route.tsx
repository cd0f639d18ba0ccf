import type { Instrument } from '@tradedesk/contract';
import { lazy, Suspense } from 'react';
import { TradePage } from '../features/market/pages/trade-page.tsx';
import { usePainted } from '../lib/use-painted.ts';

// The order form and the engine maths behind it load beside the page, not before it: the
// quote and the chart paint first, in a layout that already holds the form's place.
const OrderForm = lazy(() =>
  import('../features/trade/components/order-form.tsx').then((m) => ({ default: m.OrderForm })),
);

const placeholder = <section className="order-form placeholder" aria-busy="true" />;

/** The form's code is asked for once the page has painted; its place is held till then. */
function OrderFormAfterPaint(props: {
  instrument: Instrument;
  instruments: readonly Instrument[];
}) {
  if (!usePainted()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <OrderForm {...props} />
    </Suspense>
  );
}

// Module-level so the page gets the same function on every render.
function renderOrderForm(instrument: Instrument, instruments: readonly Instrument[]) {
  return <OrderFormAfterPaint instrument={instrument} instruments={instruments} />;
}

/**
 * /trade: the market feature's page holding the trade feature's order form. The two meet here,
 * in the app layer, because features never import each other.
 */
export function TradeRoute() {
  return <TradePage renderOrderForm={renderOrderForm} />;
}
