import { useTranslation } from 'react-i18next';

/**
 * One line per figure of a trader card, saying what it measures (issue 37: a return beside a
 * "profit rate" of another sign reads as a contradiction unless each is explained). Folded
 * by default so that the list stays on the first screen of a phone; a native `<details>` opens
 * with a tap and is announced as a disclosure without any script.
 */
export function FiguresLegend({ days }: { days: number }) {
  const { t } = useTranslation();
  const lines: [label: string, meaning: string][] = [
    [t('rank.return_rate'), t('rank.legend_return')],
    [t('rank.three_week_rate'), t('rank.legend_three_week_rate', { days })],
    [t('rank.win_rate'), t('rank.legend_win_rate', { days })],
    [t('rank.income'), t('rank.legend_income', { days })],
    [t('rank.max_drawdown'), t('rank.legend_max_drawdown')],
    [t('rank.total_rate'), t('rank.legend_total_rate')],
    [t('rank.total_orders'), t('rank.legend_total_orders')],
    [t('rank.followers'), t('rank.legend_followers')],
    [t('rank.aum'), t('rank.legend_aum')],
    [t('rank.legend_risk_label'), t('rank.legend_risk')],
    [t('rank.multiple'), t('rank.legend_leverage')],
    [t('rank.variety'), t('rank.legend_instrument')],
  ];
  return (
    <details className="rank-legend" data-testid="rank-legend">
      <summary>{t('rank.legend_title')}</summary>
      <dl>
        {lines.map(([label, meaning]) => (
          <div key={label} data-testid="rank-legend-line">
            <dt>{label}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
