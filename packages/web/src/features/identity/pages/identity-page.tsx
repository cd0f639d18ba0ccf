import { REVIEW_STATUSES } from '@tradedesk/contract';
import { Button, SpinLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PATHS } from '../../../lib/route-paths.ts';
import { useIdentityCenter } from '../api/identity-api.ts';
import {
  IdentityCertified,
  IdentityRejected,
  IdentityWaiting,
} from '../components/identity-status.tsx';
import { RealNameForm } from '../components/real-name-form.tsx';
import '../identity.css';

/** Real-name verification (SPEC.md §2 /mine/auth, §4): the form, under audit, or certified. */
export function IdentityPage() {
  const { t } = useTranslation();
  const { data: center, isError, refetch } = useIdentityCenter();

  let body: ReactNode;
  if (center?.review_status === REVIEW_STATUSES.waiting) {
    body = <IdentityWaiting center={center} />;
  } else if (center?.review_status === REVIEW_STATUSES.finished) {
    body = <IdentityCertified center={center} />;
  } else if (center) {
    body = (
      <>
        {center.reason ? <IdentityRejected reason={center.reason} /> : null}
        <RealNameForm initialName={center.name} initialCardId={center.card_id} />
      </>
    );
  } else if (isError) {
    body = (
      <div className="route-error">
        <p>{t('public.page_error')}</p>
        <Button color="primary" onClick={() => void refetch()}>
          {t('public.retry')}
        </Button>
      </div>
    );
  } else {
    body = <SpinLoading className="page-loading" color="primary" />;
  }

  return (
    <div className="page identity-page">
      <PageHeader title={t('identity.title')} fallback={PATHS.user} />
      {body}
    </div>
  );
}
