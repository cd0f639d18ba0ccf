import { type Instrument, MARKET_STATUSES } from '@tradedesk/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { TrendMark } from '../../../components/ui/trend-mark.tsx';
import { formatChange, formatPrice, trendOf } from '../../../lib/format.ts';
import { useInstrumentName } from '../../../lib/instrument-name.ts';
import { Sparkline } from './sparkline.tsx';

/** One quote row: logo, code, price, change (or closed) and the day's small chart. */
export const MarketRow = memo(function MarketRow({
  instrument,
  onOpen,
}: {
  instrument: Instrument;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const nameOf = useInstrumentName();
  const quote = instrument.ForexQuotations;
  const trend = trendOf(quote.Change);
  const open = instrument.MarketStatus === MARKET_STATUSES.open;
  return (
    <button
      type="button"
      className="market-row"
      data-code={instrument.Code}
      onClick={() => onOpen(instrument.Id)}
    >
      <img
        className="market-logo"
        src={instrument.Logo}
        alt=""
        width={36}
        height={36}
        loading="lazy"
      />
      <span className="market-names">
        <span className="market-code">{instrument.ShowCode}</span>
        {/* dir="auto": a name is cut at its own end, a Latin one in Arabic too. */}
        <span className="market-name" dir="auto">
          {nameOf(instrument)}
        </span>
      </span>
      <Sparkline instrumentId={instrument.Id} trend={trend} />
      <span className="market-figures">
        <span className={`market-price ${trend}`}>
          <TrendMark trend={trend} />
          <span data-testid="price">{formatPrice(quote.Close, instrument.PricePrecision)}</span>
        </span>
        {open ? (
          <span className={`market-change ${trend}`}>{formatChange(quote.Change)}</span>
        ) : (
          <span className="market-closed">{t('market.closed')}</span>
        )}
      </span>
    </button>
  );
});

export function MarketRowSkeleton() {
  return (
    <div className="market-row skeleton" aria-hidden="true">
      <span className="skeleton-circle" />
      <span className="market-names">
        <span className="skeleton-line short" />
        <span className="skeleton-line" />
      </span>
      <span className="skeleton-line price" />
    </div>
  );
}
