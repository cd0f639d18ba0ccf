import { MARKET_STATUSES, type Period } from '@tradedesk/contract';
import { Tag } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { lazy, memo, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TrendMark } from '../../../components/ui/trend-mark.tsx';
import { formatChange, formatPrice, formatVolume, trendOf } from '../../../lib/format.ts';
import { useOpenUntilNavigation } from '../../../lib/use-open-until-navigation.ts';
import { usePainted } from '../../../lib/use-painted.ts';
import {
  type InstrumentTerms,
  useInstrumentTerms,
  useKline,
  useTradeInstrument,
} from '../api/market-api.ts';
import { CandleChart, type ChartPriceLine } from '../components/candle-chart.tsx';
import { PeriodBar } from '../components/period-bar.tsx';
import { TradePageSkeleton } from '../components/trade-page-skeleton.tsx';
import { TradeTerms } from '../components/trade-terms.tsx';
import { useCurrentInstrument } from '../stores/current-instrument.ts';

// The picker (a popup with a search field) loads the first time it is opened, not before the
// page can paint.
const InstrumentPicker = lazy(() =>
  import('../components/instrument-picker.tsx').then((m) => ({ default: m.InstrumentPicker })),
);

/** Last price, 24 h change and day figures: the one part of the page each quote moves. */
export const TradeQuote = memo(function TradeQuote({ id }: { id: number }) {
  const { t } = useTranslation();
  const instrument = useTradeInstrument(id);
  if (!instrument) return null;
  const quote = instrument.ForexQuotations;
  const trend = trendOf(quote.Change);
  const price = (value: number) => formatPrice(value, instrument.PricePrecision);
  return (
    <section className="trade-quote">
      <div>
        <div className={`trade-last ${trend}`}>
          <TrendMark trend={trend} />
          <span data-testid="trade-last">{price(quote.Close)}</span>
        </div>
        <div className={`trade-change ${trend}`}>{formatChange(quote.Change)}</div>
      </div>
      <dl className="trade-day">
        <dt>{t('market.high')}</dt>
        <dd>{price(quote.High)}</dd>
        <dt>{t('market.open_price')}</dt>
        <dd>{price(quote.Open)}</dd>
        <dt>{t('market.low')}</dt>
        <dd>{price(quote.Low)}</dd>
        <dt>{t('market.volume')}</dt>
        <dd>{formatVolume(quote.Volume)}</dd>
      </dl>
    </section>
  );
});

/** The instrument (opening the picker) and whether its market is open now. */
export function TradeHeader({
  terms,
  onPick,
  action,
}: {
  terms: InstrumentTerms;
  onPick(): void;
  /** Beside the market's state: the app's alert bell. */
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <header className="trade-header">
      <button
        type="button"
        className="trade-instrument"
        onClick={onPick}
        data-testid="instrument-picker"
      >
        <img src={terms.Logo} alt="" width={28} height={28} />
        <span className="trade-code" data-testid="trade-code">
          {terms.ShowCode}
        </span>
        <DownFill fontSize={10} />
      </button>
      {terms.MarketStatus !== MARKET_STATUSES.open ? (
        <Tag color="default">{t('market.closed')}</Tag>
      ) : (
        <Tag color="success" fill="outline">
          {t('market.open')}
        </Tag>
      )}
      {action}
    </header>
  );
}

/**
 * The trade page: instrument header with picker, 24 h figures, periods and the live chart.
 * The order form belongs to the trade feature, so the app passes it in: features never
 * import each other.
 *
 * Quote frames arrive ten times a second. The page itself reads only the instrument's terms,
 * which quotes never change: each frame re-renders the figures and the form that show the
 * price, and the chart draws its bar without React, so no frame re-renders the whole page.
 */
export function TradePage({
  renderOrderForm,
  renderHeaderAction,
  priceLines,
  onScaleTap,
}: {
  renderOrderForm(instrumentId: number): ReactNode;
  /** The trade feature's alert bell, for the instrument shown. */
  renderHeaderAction?(instrumentId: number): ReactNode;
  /** Levels to draw across the chart (price alerts): the shown instrument's are drawn. */
  priceLines?: readonly ChartPriceLine[];
  /** A tap on the chart's price scale: the instrument shown and the price tapped. */
  onScaleTap?(instrumentId: number, price: number): void;
}) {
  const { id, select } = useCurrentInstrument();
  const [period, setPeriod] = useState<Period>('15min');
  // Closed by Back or any other navigation: the page stays mounted, hidden, when left.
  const [picking, setPicking] = useOpenUntilNavigation();
  // Mounted from its first opening on, so that it can animate closed.
  const [pickerUsed, setPickerUsed] = useState(false);
  const terms = useInstrumentTerms(id);
  // The candles are asked for once the quote is on screen: the chart shows them after that.
  const { data: candles } = useKline(terms?.Id, period, usePainted());
  const shownId = terms?.Id;
  const linesShown = useMemo(
    () => priceLines?.filter((line) => line.forexId === shownId),
    [priceLines, shownId],
  );
  // One function per instrument, so that the chart (memo) is not drawn again for a new one.
  const tapScale = useMemo(
    () =>
      onScaleTap && shownId !== undefined
        ? (price: number) => onScaleTap(shownId, price)
        : undefined,
    [onScaleTap, shownId],
  );

  if (!terms) return <TradePageSkeleton />;

  return (
    <div className="trade-page">
      <TradeHeader
        terms={terms}
        action={renderHeaderAction?.(terms.Id)}
        onPick={() => {
          setPickerUsed(true);
          setPicking(true);
        }}
      />
      <TradeQuote id={terms.Id} />
      <PeriodBar value={period} onChange={setPeriod} />
      <CandleChart
        candles={candles}
        code={terms.Code}
        period={period}
        precision={terms.PricePrecision}
        priceLines={linesShown}
        onScaleTap={tapScale}
      />
      {renderOrderForm(terms.Id)}
      <TradeTerms terms={terms} />
      {pickerUsed ? (
        <Suspense fallback={null}>
          <InstrumentPicker
            open={picking}
            currentId={terms.Id}
            onClose={() => setPicking(false)}
            onPick={select}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
