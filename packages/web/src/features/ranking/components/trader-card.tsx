import type { RankingTrader } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { RiskBadge, SampleTraderTag } from '../../../components/ui/trader-badges.tsx';
import { trendOf } from '../../../lib/format.ts';
import {
  formatAssets,
  formatIncome,
  formatMultiple,
  formatRate,
  formatShare,
} from '../lib/rank-format.ts';

type Figure = [label: string, value: string, trend?: 'up' | 'down' | 'flat'];

/**
 * One trader: the time-weighted return large (deposits and withdrawals do not count, so it is
 * the figure a follower's own copy would have earned), the other figures of SPEC.md §3 and
 * the copy figures (drawdown, followers, assets under copy) below it. Tapping opens the profile.
 */
export function TraderCard({ trader, onOpen }: { trader: RankingTrader; onOpen: () => void }) {
  const { t } = useTranslation();
  const figures: Figure[] = [
    ['rank.three_week_rate', formatRate(trader.three_week_rate), trendOf(trader.three_week_rate)],
    ['rank.win_rate', formatShare(trader.three_week_win)],
    ['rank.income', formatIncome(trader.three_week_profit), trendOf(trader.three_week_profit)],
    // The largest fall of equity from its peak, as a share of the peak (0–100 %).
    [
      'rank.max_drawdown',
      formatShare(trader.max_drawdown_rate),
      trader.max_drawdown_rate > 0 ? 'down' : undefined,
    ],
    ['rank.total_rate', formatRate(trader.total_rate), trendOf(trader.total_rate)],
    ['rank.total_orders', String(trader.total_trade_num)],
    ['rank.followers', String(trader.followers)],
    ['rank.aum', formatAssets(trader.aum)],
  ];
  return (
    <button type="button" className="rank-card" onClick={onOpen} data-testid="rank-row">
      <div className="rank-card-head">
        <span className="rank-place">{trader.rank}</span>
        <bdi className="rank-user">{trader.user}</bdi>
        {trader.sample ? <SampleTraderTag /> : null}
        <RiskBadge score={trader.risk_score} />
      </div>
      <div className="rank-main">
        <bdi className={`rank-rate ${trendOf(trader.return_rate)}`} data-testid="rank-rate">
          {formatRate(trader.return_rate)}
        </bdi>
        <span className="rank-label">{t('rank.return_rate')}</span>
      </div>
      <dl className="rank-figures">
        {figures.map(([label, value, trend]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd className={trend}>
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      <p className="rank-terms">
        <span>
          {t('rank.multiple')} <bdi>{formatMultiple(trader.multiple)}</bdi>
        </span>
        <span>
          {t('rank.variety')} <bdi>{trader.code}</bdi>
        </span>
      </p>
    </button>
  );
}
