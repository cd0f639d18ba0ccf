import { conversionPairCodes } from '@tradedesk/engine';
import { lazy, memo, Suspense, startTransition, useCallback, useEffect, useState } from 'react';
import { useInstrumentsByCode, useTradeInstrument } from '../features/market/api/market-api.ts';
import { TradePage } from '../features/market/pages/trade-page.tsx';
import { useAlertLines } from '../features/trade/hooks/use-alert-lines.ts';
import type { AlertPreset } from '../features/trade/lib/alerts.ts';
import { usePainted } from '../lib/use-painted.ts';
import { useSessionStore } from '../stores/session-store.ts';

// The order form and the engine maths behind it load beside the page, not before it: the
// quote and the chart paint first, in a layout that already holds the form's place.
const loadOrderForm = () => import('../features/trade/components/order-form.tsx');
const OrderForm = lazy(() => loadOrderForm().then((m) => ({ default: m.OrderForm })));

/**
 * True once the form's code has arrived, asked for once the page has painted. The request is
 * made from an effect, not from a render: starting it links each of the form's files for
 * preloading (a few dozen DOM insertions), work that would otherwise lengthen the render.
 */
function useOrderFormLoaded(): boolean {
  const painted = usePainted();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!painted) return;
    let current = true;
    // Failed too: the form then renders, and its lazy import's error reaches the route's
    // error boundary instead of a placeholder that never goes.
    const settle = () => {
      if (current) startTransition(() => setLoaded(true));
    };
    loadOrderForm().then(settle, settle);
    return () => {
      current = false;
    };
  }, [painted]);
  return loaded;
}

const placeholder = <section className="order-form placeholder" aria-busy="true" />;

/**
 * The form follows the quotes of its instrument and of the pairs that convert its margin
 * currency (for the margin preview) and its quote currency (for the P&L at its stops) to
 * USD, and no others: a frame that moves none of them does not re-render it, and neither
 * does the page's own re-render (candles arriving, another period). Its code is asked for once the page has painted; its place is held till then.
 */
const OrderFormAfterPaint = memo(function OrderFormAfterPaint({
  instrumentId,
}: {
  instrumentId: number;
}) {
  const loaded = useOrderFormLoaded();
  const instrument = useTradeInstrument(instrumentId);
  const pairs = useInstrumentsByCode([
    ...conversionPairCodes(instrument?.MarginCurrency ?? 'USD'),
    ...conversionPairCodes(instrument?.QuoteCurrency ?? 'USD'),
  ]);
  if (!loaded || !instrument) return placeholder;
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

// The alert bell and its sheet load beside the page too: they are not the first screen's.
const AlertAction = lazy(() =>
  import('../features/trade/components/alert-sheet.tsx').then((m) => ({ default: m.AlertAction })),
);

/** The alert bell of the instrument shown (logged in only: alerts are an account's). */
const AlertActionFor = memo(function AlertActionFor({
  instrumentId,
  preset,
}: {
  instrumentId: number;
  preset: AlertPreset | undefined;
}) {
  const instrument = useTradeInstrument(instrumentId);
  const loggedIn = useSessionStore((s) => s.user !== null);
  if (!instrument || !loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <AlertAction instrument={instrument} preset={preset} />
    </Suspense>
  );
});

/**
 * /trade: the market feature's page holding the trade feature's order form. The two meet here,
 * in the app layer, because features never import each other; so do the trade feature's price
 * alerts, a bell in the header and their levels on the chart; a tap on the chart's price scale
 * opens the bell's sheet at the level tapped (logged in only).
 */
export function TradeRoute() {
  const priceLines = useAlertLines();
  const loggedIn = useSessionStore((s) => s.user !== null);
  const [preset, setPreset] = useState<AlertPreset>();
  const renderAlertAction = useCallback(
    (instrumentId: number) => <AlertActionFor instrumentId={instrumentId} preset={preset} />,
    [preset],
  );
  const tapScale = useCallback(
    (forexId: number, price: number) => setPreset({ forexId, price }),
    [],
  );
  return (
    <TradePage
      renderOrderForm={renderOrderForm}
      renderHeaderAction={renderAlertAction}
      priceLines={priceLines}
      onScaleTap={loggedIn ? tapScale : undefined}
    />
  );
}
