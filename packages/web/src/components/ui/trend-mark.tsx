import { useTranslation } from 'react-i18next';

/**
 * ▲ or ▼ before a figure coloured by its direction (SPEC.md §9's up blue, down red), so that
 * colour is never the only signal: seen by everyone, and read out as "up" or "down". Flat has
 * no mark but keeps its room, so the figure does not shift when the direction turns.
 */
export function TrendMark({ trend }: { trend: 'up' | 'down' | 'flat' }) {
  const { t } = useTranslation();
  if (trend === 'flat') return <span className="trend-mark" aria-hidden="true" />;
  return (
    <span
      className="trend-mark"
      role="img"
      aria-label={trend === 'up' ? t('market.trend_up') : t('market.trend_down')}
    >
      {trend === 'up' ? '▲' : '▼'}
    </span>
  );
}
