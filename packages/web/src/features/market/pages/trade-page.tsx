import type { Instrument, Period } from '@tradedesk/contract';
import { Tag } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { lazy, type ReactNode, Suspense, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TrendMark } from '../../../components/ui/trend-mark.tsx';
import { formatChange, formatPrice, formatVolume, trendOf } from '../../../lib/format.ts';
import { usePainted } from '../../../lib/use-painted.ts';
import { findInstrument, useKline, useTradeList } from '../api/market-api.ts';
import { CandleChart } from '../components/candle-chart.tsx';
import { PeriodBar } from '../components/period-bar.tsx';
import { TradePageSkeleton } from '../components/trade-page-skeleton.tsx';
import { useLiveCandle } from '../hooks/use-live-candle.ts';
import { useCurrentInstrument } from '../stores/current-instrument.ts';

// The picker (a popup with a search field) loads the first time it is opened, not before the
// page can paint.
const InstrumentPicker = lazy(() =>
  import('../components/instrument-picker.tsx').then((m) => ({ default: m.InstrumentPicker })),
);

/**
 * The trade page: instrument header with picker, 24 h figures, periods and the live chart.
 * The order form belongs to the trade feature, so the app passes it in: features never
 * import each other.
 */
export function TradePage({
  renderOrderForm,
}: {
  renderOrderForm(instrument: Instrument, instruments: readonly Instrument[]): ReactNode;
}) {
  const { t } = useTranslation();
  // Quote frames arrive ten times a second: the page re-renders with each as a deferred
  // update, in slices that let taps and paints through, not as one long task per frame.
  const instruments = useDeferredValue(useTradeList().data);
  const { id, select } = useCurrentInstrument();
  const [period, setPeriod] = useState<Period>('15min');
  const [picking, setPicking] = useState(false);
  // Mounted from its first opening on, so that it can animate closed.
  const [pickerUsed, setPickerUsed] = useState(false);
  const instrument = findInstrument(instruments, id);
  // The candles are asked for once the quote is on screen: the chart shows them after that.
  const { data: candles } = useKline(instrument?.Id, period, usePainted());
  const live = useLiveCandle(instrument?.Code, period);

  if (!instrument) return <TradePageSkeleton />;
  const quote = instrument.ForexQuotations;
  const trend = trendOf(quote.Change);
  const price = (value: number) => formatPrice(value, instrument.PricePrecision);
  const closed = instrument.MarketStatus !== 1;

  return (
    <div className="trade-page">
      <header className="trade-header">
        <button
          type="button"
          className="trade-instrument"
          onClick={() => {
            setPickerUsed(true);
            setPicking(true);
          }}
          data-testid="instrument-picker"
        >
          <img src={instrument.Logo} alt="" width={28} height={28} />
          <span className="trade-code" data-testid="trade-code">
            {instrument.ShowCode}
          </span>
          <DownFill fontSize={10} />
        </button>
        {closed ? (
          <Tag color="default">{t('market.closed')}</Tag>
        ) : (
          <Tag color="success" fill="outline">
            {t('market.open')}
          </Tag>
        )}
      </header>
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
      <PeriodBar value={period} onChange={setPeriod} />
      <CandleChart candles={candles} live={live} precision={instrument.PricePrecision} />
      {renderOrderForm(instrument, instruments ?? [])}
      <section className="trade-specs">
        <h2>{instrument.Name}</h2>
        <dl>
          <dt>{t('market.contract_size')}</dt>
          <dd>{instrument.ForexContNum}</dd>
          <dt>{t('market.min_lots')}</dt>
          <dd>{instrument.ForexMinCont}</dd>
          <dt>{t('market.lot_step')}</dt>
          <dd>{instrument.Pip}</dd>
          <dt>{t('market.leverage')}</dt>
          <dd>
            {instrument.HasForexMultiple.length
              ? instrument.HasForexMultiple.map((m) => `${m.Value}×`).join(' / ')
              : t('market.fixed_margin')}
          </dd>
          <dt>{t('market.spread')}</dt>
          <dd>{price(instrument.Spread)}</dd>
          <dt>{t('market.session')}</dt>
          <dd>{t(`market.session_${instrument.Schedule}`)}</dd>
        </dl>
      </section>
      {pickerUsed ? (
        <Suspense fallback={null}>
          <InstrumentPicker
            open={picking}
            instruments={instruments ?? []}
            currentId={instrument.Id}
            onClose={() => setPicking(false)}
            onPick={select}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
