import { useTranslation } from 'react-i18next';
import './trader-badges.css';

/** The band of a risk score 1–10, for its colour: 1–4 calm, 5–7 moderate, 8–10 wild. */
export function riskBand(score: number): 'low' | 'medium' | 'high' {
  if (score <= 4) return 'low';
  if (score <= 7) return 'medium';
  return 'high';
}

/**
 * A leader's risk score (1–10, from the volatility of daily equity returns) as a small
 * coloured badge. Shared by the ranking and the leader's profile, which must read alike.
 */
export function RiskBadge({ score }: { score: number }) {
  const { t } = useTranslation();
  return (
    <span className={`risk-badge ${riskBand(score)}`} data-testid="risk-badge">
      {t('rank.risk', { score })}
    </span>
  );
}

/**
 * Says a leader is one of the embedded default's sample traders (bots trading through the
 * engine), so that nobody mistakes their figures for a person's.
 */
export function SampleTraderTag() {
  const { t } = useTranslation();
  return (
    <span className="sample-trader-tag" data-testid="sample-tag">
      {t('rank.sample')}
    </span>
  );
}
