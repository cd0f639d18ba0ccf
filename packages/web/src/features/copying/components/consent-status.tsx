import type { LeaderSettings } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '../../../lib/local-time.ts';

/**
 * Who copies the trader now (real money, then demo money, which counts in no public figure),
 * when the choice last changed, and why the trader may not show in the ranking although
 * listed: an operator hid them, or they have no closed position for figures yet.
 */
export function ConsentStatus({ settings }: { settings: LeaderSettings }) {
  const { t } = useTranslation();
  return (
    <section className="copy-section" data-testid="consent-status">
      <dl className="copy-figures consent-figures">
        <div data-testid="consent-followers">
          <dt>{t('consent.followers')}</dt>
          <dd>
            <bdi>{settings.followers}</bdi>
          </dd>
        </div>
        <div data-testid="consent-demo-followers">
          <dt>{t('consent.demo_followers')}</dt>
          <dd>
            <bdi>{settings.demo_followers}</bdi>
          </dd>
        </div>
        <div className="consent-changed" data-testid="consent-changed-at">
          <dt>{t('consent.changed_at')}</dt>
          <dd>
            {settings.changed_at === null
              ? t('consent.never_changed')
              : formatLocalDateTime(settings.changed_at)}
          </dd>
        </div>
      </dl>
      {settings.hidden === 1 ? (
        <p className="consent-warning" role="status" data-testid="consent-hidden">
          {t('consent.hidden')}
        </p>
      ) : null}
      {settings.ranked === 0 ? (
        <p className="consent-info" data-testid="consent-not-ranked">
          {t('consent.not_ranked')}
        </p>
      ) : null}
    </section>
  );
}
