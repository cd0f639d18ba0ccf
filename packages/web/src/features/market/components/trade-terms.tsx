import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateLtr } from '../../../lib/bidi.ts';
import { formatLeverage, formatPrice } from '../../../lib/format.ts';
import type { InstrumentTerms } from '../api/market-api.ts';

/** The instrument's contract terms, below the order form. */
export const TradeTerms = memo(function TradeTerms({ terms }: { terms: InstrumentTerms }) {
  const { t } = useTranslation();
  return (
    <section className="trade-specs">
      <h2>{terms.Name}</h2>
      <dl>
        <dt>{t('market.contract_size')}</dt>
        <dd>{terms.ForexContNum}</dd>
        <dt>{t('market.min_lots')}</dt>
        <dd>{terms.ForexMinCont}</dd>
        <dt>{t('market.lot_step')}</dt>
        <dd>{terms.Pip}</dd>
        <dt>{t('market.leverage')}</dt>
        <dd data-testid="terms-leverage">
          {terms.HasForexMultiple.length
            ? // One left-to-right list: in Arabic the " / " between them would reverse it.
              isolateLtr(terms.HasForexMultiple.map((m) => formatLeverage(m.Value)).join(' / '))
            : t('market.fixed_margin')}
        </dd>
        <dt>{t('market.spread')}</dt>
        <dd>{formatPrice(terms.Spread, terms.PricePrecision)}</dd>
        <dt>{t('market.session')}</dt>
        <dd>{t(`market.session_${terms.Schedule}`)}</dd>
      </dl>
    </section>
  );
});
