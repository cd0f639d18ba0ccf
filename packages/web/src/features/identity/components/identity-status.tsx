import type { IdentityCenter } from '@tradedesk/contract';
import { List, NoticeBar, Result } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { maskCardId } from '../lib/mask-card-id.ts';

/** Who was submitted: the name, and the document number starred but recognisable. */
function SubmittedFacts({ center }: { center: IdentityCenter }) {
  const { t } = useTranslation();
  return (
    <List className="identity-facts">
      <List.Item extra={<span data-testid="identity-name">{center.name}</span>}>
        {t('identity.name')}
      </List.Item>
      <List.Item
        extra={
          // A document number reads left to right in Arabic too; dir isolates it.
          <span dir="ltr" data-testid="identity-card-id">
            {maskCardId(center.card_id)}
          </span>
        }
      >
        {t('identity.card_id')}
      </List.Item>
    </List>
  );
}

/** Status 1: submitted, waiting for an operator. */
export function IdentityWaiting({ center }: { center: IdentityCenter }) {
  const { t } = useTranslation();
  return (
    <section className="identity-status" data-testid="identity-waiting">
      <Result
        status="waiting"
        title={t('identity.waiting_title')}
        description={t('identity.waiting_text')}
      />
      <SubmittedFacts center={center} />
    </section>
  );
}

/** Status 2: verified. */
export function IdentityCertified({ center }: { center: IdentityCenter }) {
  const { t } = useTranslation();
  return (
    <section className="identity-status" data-testid="identity-certified">
      <Result
        status="success"
        title={t('identity.certified_title')}
        description={t('identity.certified_text')}
      />
      <SubmittedFacts center={center} />
    </section>
  );
}

/** Status 0 with a reason: the last submission was rejected, and why. */
export function IdentityRejected({ reason }: { reason: string }) {
  const { t } = useTranslation();
  return (
    <NoticeBar
      className="identity-rejected"
      color="alert"
      icon={<ExclamationCircleOutline />}
      wrap
      content={
        <div>
          <strong>{t('identity.rejected_title')}</strong>
          <p className="identity-reason" data-testid="identity-rejected-reason">
            {reason}
          </p>
        </div>
      }
    />
  );
}
