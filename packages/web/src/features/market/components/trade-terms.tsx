import { MARKET_TIME_ZONE } from '@tradedesk/contract';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language.ts';
import { isolateLtr } from '../../../lib/bidi.ts';
import { formatLeverage, formatPrice } from '../../../lib/format.ts';
import { useInstrumentName } from '../../../lib/instrument-name.ts';
import { localZoneLabel } from '../../../lib/local-time.ts';
import { usePainted } from '../../../lib/use-painted.ts';
import type { InstrumentTerms } from '../api/market-api.ts';
import { type TradingWeek, tradingWeek } from '../lib/trading-hours.ts';

/** "Mon 06:00 – Sat 06:00", "Mon to Fri, 22:30 – 05:00 next day", "24/7". */
function describeWeek(week: TradingWeek, t: TFunction): string {
  switch (week.kind) {
    case 'always':
      return t('market.session_crypto');
    case 'week': {
      const hours = `${week.open} – ${week.close}`;
      if (!week.dailyBreak) return hours;
      // A word joiner after its dash: "06:00–07:00" never splits over two lines.
      const { from, to } = week.dailyBreak;
      return t('market.hours_with_break', { hours, from, to: `\u2060${to}` });
    }
    case 'weekdays':
      return t('market.hours_weekdays', {
        first: week.first,
        last: week.last,
        from: week.from,
        to: week.toNextDay ? t('market.hours_next_day', { time: week.to }) : week.to,
      });
  }
}

/**
 * When the instrument trades, on the trader's clock (labelled with its zone, as every time
 * is) and on New York's beside it, where the sessions are defined; read in the week it is
 * shown. Worked out once the page has painted: the first date formatter a page builds costs
 * tens of milliseconds, and these lines sit below the order form.
 */
function TradingHours({ schedule }: { schedule: InstrumentTerms['Schedule'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const painted = usePainted();
  if (!painted) return <dd className="terms-hours" data-testid="terms-hours" />;
  const now = Date.now();
  const local = describeWeek(tradingWeek(schedule, { language, now }), t);
  const newYork = describeWeek(
    tradingWeek(schedule, { language, now, timeZone: MARKET_TIME_ZONE }),
    t,
  );
  if (schedule === 'crypto') return <dd data-testid="terms-hours">{local}</dd>;
  return (
    <dd className="terms-hours" data-testid="terms-hours">
      <span data-testid="terms-hours-local">{`${local} ${localZoneLabel(now)}`}</span>
      {/* The same on a phone in New York: said once. */}
      {newYork === local ? null : (
        <small data-testid="terms-hours-new-york">
          {t('market.hours_new_york', { hours: newYork })}
        </small>
      )}
    </dd>
  );
}

/** The instrument's contract terms, below the order form. */
export const TradeTerms = memo(function TradeTerms({ terms }: { terms: InstrumentTerms }) {
  const { t } = useTranslation();
  const nameOf = useInstrumentName();
  return (
    <section className="trade-specs">
      {/* dir="auto": a Latin name in Arabic (or an Arabic one elsewhere) reads from its own start. */}
      <h2 dir="auto" data-testid="terms-name">
        {nameOf(terms)}
      </h2>
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
        <TradingHours schedule={terms.Schedule} />
      </dl>
    </section>
  );
});
