import { SearchBar } from 'antd-mobile';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { instrumentMatches, useInstrumentName } from '../../../lib/instrument-name.ts';
import { useTradeList } from '../api/market-api.ts';
import { MarketRow } from '../components/market-row.tsx';
import { useCurrentInstrument } from '../stores/current-instrument.ts';

/**
 * Search instruments by code or name, the English one or the reader's ("黃金" finds gold), in
 * the live list: the results' prices move; a result opens the trade page.
 */
export function ProductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const select = useCurrentInstrument((s) => s.select);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const { data: instruments, isFetched } = useTradeList();
  const nameOf = useInstrumentName();
  const needle = deferred.trim().toLowerCase();
  const results = needle
    ? instruments?.filter((instrument) => instrumentMatches(instrument, needle, nameOf(instrument)))
    : undefined;
  const open = (id: number) => {
    select(id);
    navigate('/trade');
  };
  return (
    <div className="page product-page">
      <PageHeader title={t('market.search')} />
      <div className="product-search">
        <SearchBar
          placeholder={t('market.search_placeholder')}
          value={query}
          onChange={setQuery}
          autoFocus
        />
      </div>
      <section className="market-list" data-testid="search-results">
        {results?.map((instrument) => (
          <MarketRow key={instrument.Id} instrument={instrument} onOpen={open} />
        ))}
        {needle && isFetched && results?.length === 0 ? (
          <p className="empty-note">{t('market.no_results')}</p>
        ) : null}
      </section>
    </div>
  );
}
