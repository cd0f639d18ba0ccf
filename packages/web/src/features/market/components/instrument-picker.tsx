import type { Instrument } from '@tradedesk/contract';
import { Popup, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TrendMark } from '../../../components/ui/trend-mark.tsx';
import { formatChange, formatPrice, trendOf } from '../../../lib/format.ts';
import { instrumentMatches, useInstrumentName } from '../../../lib/instrument-name.ts';
import { useBackCloses } from '../../../lib/use-back-closes.ts';
import { useTradeList } from '../api/market-api.ts';

/** The trade page's drawer: every instrument, searchable; choosing one switches the page to it. */
export function InstrumentPicker({
  open,
  currentId,
  onClose,
  onPick,
}: {
  open: boolean;
  currentId: number | undefined;
  onClose: () => void;
  onPick: (id: number) => void;
}) {
  const { t } = useTranslation();
  useBackCloses(open, onClose);
  // Live while open; closed, it stays mounted (to animate out) without following the quotes.
  const instruments: readonly Instrument[] = useTradeList({ live: open }).data ?? [];
  const [query, setQuery] = useState('');
  const nameOf = useInstrumentName();
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? instruments.filter((i) => instrumentMatches(i, needle, nameOf(i)))
    : instruments;
  return (
    <Popup visible={open} onMaskClick={onClose} position="left" bodyClassName="picker-body">
      <div className="picker">
        <SearchBar placeholder={t('market.search_placeholder')} value={query} onChange={setQuery} />
        <div className="picker-list">
          {shown.map((instrument) => {
            const trend = trendOf(instrument.ForexQuotations.Change);
            return (
              <button
                type="button"
                key={instrument.Id}
                className={instrument.Id === currentId ? 'picker-row active' : 'picker-row'}
                data-code={instrument.Code}
                onClick={() => {
                  onPick(instrument.Id);
                  onClose();
                }}
              >
                <span className="picker-code">{instrument.ShowCode}</span>
                <span className={`picker-price ${trend}`}>
                  <TrendMark trend={trend} />
                  {formatPrice(instrument.ForexQuotations.Close, instrument.PricePrecision)}
                </span>
                <span className={`picker-change ${trend}`}>
                  {formatChange(instrument.ForexQuotations.Change)}
                </span>
              </button>
            );
          })}
        </div>
      </div>
    </Popup>
  );
}
