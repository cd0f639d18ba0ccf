import type { LeaderProfile } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { RiskBadge } from '../../../components/ui/trader-badges.tsx';
import { trendOf } from '../../../lib/format.ts';
import { formatLocalDate } from '../../../lib/local-time.ts';
import { drawdownTrend, formatReturn, formatShare, formatUsd } from '../lib/copy-figures.ts';
import { holdingTimeText } from '../lib/holding-time.ts';

type Figure = {
  label: string;
  value: string;
  trend?: string | undefined;
  id: string;
  /** A small line after the value (demo copiers beside the real ones). */
  aside?: string | undefined;
};

/**
 * The figures a follower checks before copying: each one computed by the server from the
 * leader's daily equity series and closed positions, none of them from deposits.
 */
export function LeaderFigures({ profile }: { profile: LeaderProfile }) {
  const { t } = useTranslation();
  const holding = holdingTimeText(profile.avg_holding_ms);
  const figures: Figure[] = [
    {
      id: 'return',
      label: t('copy.return'),
      value: formatReturn(profile.return_rate),
      trend: trendOf(profile.return_rate),
    },
    {
      id: 'drawdown',
      label: t('copy.max_drawdown'),
      value: formatShare(profile.max_drawdown_rate),
      trend: drawdownTrend(profile.max_drawdown_rate),
    },
    { id: 'win-rate', label: t('copy.win_rate'), value: formatShare(profile.win_rate) },
    { id: 'trades', label: t('copy.trades'), value: String(profile.trades) },
    {
      id: 'holding',
      label: t('copy.avg_holding'),
      value: profile.trades > 0 ? t(holding.key, holding.values) : '—',
    },
    {
      id: 'followers',
      label: t('copy.followers'),
      value: String(profile.followers),
      // Demo money is no social proof (issue 36): counted apart, small, and only when there is some.
      aside:
        profile.demo_followers > 0
          ? t('copy.demo_followers', { count: profile.demo_followers })
          : undefined,
    },
    { id: 'aum', label: t('copy.aum'), value: formatUsd(profile.aum) },
    {
      id: 'since',
      label: t('copy.since'),
      value: profile.since > 0 ? formatLocalDate(profile.since) : '—',
    },
    { id: 'days', label: t('copy.days'), value: String(profile.days) },
  ];
  return (
    <section className="copy-section">
      <div className="copy-section-head">
        <h2>{t('copy.figures_title')}</h2>
        <RiskBadge score={profile.risk_score} />
      </div>
      <dl className="copy-figures" data-testid="leader-figures">
        {figures.map((figure) => (
          <div key={figure.id} data-testid={`figure-${figure.id}`}>
            <dt>{figure.label}</dt>
            <dd className={figure.trend}>
              <bdi>{figure.value}</bdi>
              {figure.aside ? (
                <small className="figure-demo" data-testid={`figure-${figure.id}-aside`}>
                  {figure.aside}
                </small>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className="copy-note">{t('copy.figures_note')}</p>
    </section>
  );
}
