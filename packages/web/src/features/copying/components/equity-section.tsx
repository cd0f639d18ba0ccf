import { EQUITY_PERIODS, type EquityPeriod } from '@tradedesk/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trendOf } from '../../../lib/format.ts';
import { useEquityCurve } from '../api/equity-curve-api.ts';
import { formatReturn } from '../lib/copy-figures.ts';
import { hasCurve, periodReturn, toReturnPoints } from '../lib/equity-series.ts';
import { PERIOD_KEYS } from '../lib/period-labels.ts';
import { EquityChart } from './equity-chart.tsx';

/**
 * The leader's cumulative return over a chosen period (1 month … all), with the period's
 * own return above the chart. A leader whose daily series has fewer than two days has no
 * curve yet, and says so.
 */
export function EquitySection({ leaderId }: { leaderId: number }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<EquityPeriod>('all');
  const { data: curve, isPending } = useEquityCurve(leaderId, period);
  const points = useMemo(() => toReturnPoints(curve?.points ?? []), [curve]);
  const change = curve ? periodReturn(curve.points) : null;
  return (
    <section className="copy-section" data-testid="equity-section">
      <div className="copy-section-head">
        <h2>{t('copy.equity_title')}</h2>
        {change !== null ? (
          <bdi className={trendOf(change)} data-testid="period-return">
            {formatReturn(change)}
          </bdi>
        ) : null}
      </div>
      {/* Five equal segments, not scrolling capsules: every period stays in sight, in every
          language, at 390 px. */}
      <div className="equity-periods" role="tablist" aria-label={t('copy.equity_title')}>
        {EQUITY_PERIODS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={key === period}
            className={key === period ? 'active' : undefined}
            onClick={() => setPeriod(key)}
          >
            {t(PERIOD_KEYS[key])}
          </button>
        ))}
      </div>
      {hasCurve(curve) ? (
        <EquityChart points={points} />
      ) : (
        <p className="empty-note equity-empty" data-testid="equity-empty">
          {isPending ? '' : t('copy.equity_empty')}
        </p>
      )}
      <p className="copy-note">{t('copy.equity_note')}</p>
    </section>
  );
}
