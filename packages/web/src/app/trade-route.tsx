import { conversionPairCodes } from '@tradedesk/engine';
import { lazy, memo, Suspense } from 'react';
import { useInstrumentsByCode, useTradeInstrument } from '../features/market/api/market-api.ts';
import { TradePage } from '../features/market/pages/trade-page.tsx';
import { usePainted } from '../lib/use-painted.ts';

// The order form and the engine maths behind it load beside the page, not before it: the
// quote and the chart paint first, in a layout that already holds the form's place.
const OrderForm = lazy(() =>
  import('../features/trade/components/order-form.tsx').then((m) => ({ default: m.OrderForm })),
);

const placeholder = <section className="order-form placeholder" aria-busy="true" />;

/**
 * The form follows the quotes of its instrument and of the pair that converts its quote
 * currency to USD (for the margin preview), and no others: a frame that moves neither does
 * not re-render it, and neither does the page's own re-render (candles arriving, another
 * period). Its code is asked for once the page has painted; its place is held till then.
 */
const OrderFormAfterPaint = memo(function OrderFormAfterPaint({
  instrumentId,
}: {
  instrumentId: number;
}) {
  const painted = usePainted();
  const instrument = useTradeInstrument(instrumentId);
  const pairs = useInstrumentsByCode(conversionPairCodes(instrument?.QuoteCurrency ?? 'USD'));
  if (!painted || !instrument) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <OrderForm instrument={instrument} instruments={pairs} />
    </Suspense>
  );
});

// Module-level so the page gets the same function on every render.
function renderOrderForm(instrumentId: number) {
  return <OrderFormAfterPaint instrumentId={instrumentId} />;
}

/**
 * /trade: the market feature's page holding the trade feature's order form. The two meet here,
 * in the app layer, because features never import each other.
 */
export function TradeRoute() {
  return <TradePage renderOrderForm={renderOrderForm} />;
}
