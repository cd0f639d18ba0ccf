import type { LeaderProfile } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { trendOf } from '../../../lib/format.ts';
import { formatReturn } from '../lib/copy-figures.ts';

/** The return of each calendar month (UTC), newest first: a compact grid of coloured cells. */
export function MonthlyReturns({ monthly }: { monthly: LeaderProfile['monthly'] }) {
  const { t } = useTranslation();
  const newestFirst = [...monthly].reverse();
  return (
    <section className="copy-section">
      <div className="copy-section-head">
        <h2>{t('copy.monthly_title')}</h2>
      </div>
      {newestFirst.length === 0 ? (
        <p className="empty-note">{t('copy.monthly_empty')}</p>
      ) : (
        <ol className="monthly-returns" data-testid="monthly-returns">
          {newestFirst.map((month) => (
            <li key={month.month} className={`monthly-cell ${trendOf(month.return_rate)}`}>
              <bdi className="monthly-name">{month.month}</bdi>
              <bdi className="monthly-rate">{formatReturn(month.return_rate)}</bdi>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
