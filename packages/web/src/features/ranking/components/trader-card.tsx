import type { RankingTrader } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { trendOf } from '../../../lib/format.ts';
import {
  formatIncome,
  formatMultiple,
  formatRate,
  formatShare,
  riskBand,
} from '../lib/rank-format.ts';

/** One trader: the three-week profit rate large, the other figures of SPEC.md §3 below it. */
export function TraderCard({ trader, onOpen }: { trader: RankingTrader; onOpen: () => void }) {
  const { t } = useTranslation();
  const figures: [string, string, string?][] = [
    ['rank.win_rate', formatShare(trader.three_week_win)],
    ['rank.income', formatIncome(trader.three_week_profit), trendOf(trader.three_week_profit)],
    ['rank.total_rate', formatRate(trader.total_rate), trendOf(trader.total_rate)],
    ['rank.total_orders', String(trader.total_trade_num)],
    ['rank.followers', String(trader.followers)],
    ['rank.multiple', formatMultiple(trader.multiple)],
    ['rank.variety', trader.code],
    // The fall of realized P&L from its peak, in USD (how much a follower would have watched go).
    [
      'rank.max_drawdown',
      formatIncome(-trader.max_drawdown),
      trader.max_drawdown > 0 ? 'down' : undefined,
    ],
  ];
  return (
    <button type="button" className="rank-card" onClick={onOpen} data-testid="rank-row">
      <div className="rank-card-head">
        <span className="rank-place">{trader.rank}</span>
        <bdi className="rank-user">{trader.user}</bdi>
        <span className={`rank-risk ${riskBand(trader.risk_score)}`}>
          {t('rank.risk', { score: trader.risk_score })}
        </span>
      </div>
      <div className="rank-main">
        <bdi className={`rank-rate ${trendOf(trader.three_week_rate)}`} data-testid="rank-rate">
          {formatRate(trader.three_week_rate)}
        </bdi>
        <span className="rank-label">{t('rank.three_week_rate')}</span>
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
    </button>
  );
}
