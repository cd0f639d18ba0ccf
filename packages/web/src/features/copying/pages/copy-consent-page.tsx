import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PATHS } from '../../../lib/route-paths.ts';
import { useLeaderSettings } from '../api/leader-settings-api.ts';
import { ConsentForm } from '../components/consent-form.tsx';
import { ConsentStatus } from '../components/consent-status.tsx';
import '../copying.css';

/**
 * /mine/copy-consent (real accounts; issue 36): whether the trader is in the public ranking
 * and open to new copies — both off until they turn them on — with what each one shows.
 */
export function CopyConsentPage() {
  const { t } = useTranslation();
  const { data: settings, isPending, isError } = useLeaderSettings();
  return (
    <div className="page consent-page" data-testid="consent-page">
      <PageHeader title={t('consent.title')} fallback={PATHS.user} />
      <p className="consent-intro">{t('consent.intro')}</p>
      {isPending ? (
        <div className="copy-section" data-testid="consent-skeleton">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : isError ? (
        // The client has toasted why (the network, a session that ended).
        <ErrorBlock status="default" title={t('consent.error')} description="" />
      ) : (
        <>
          <ConsentStatus settings={settings} />
          <ConsentForm settings={settings} />
        </>
      )}
    </div>
  );
}
