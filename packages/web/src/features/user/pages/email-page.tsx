import { Button } from 'antd-mobile';
import { MailOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useBasicInfo } from '../../../lib/basic-info.ts';
import { useCopyText } from '../../../lib/copy-text.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import { ComplaintForm } from '../components/complaint-form.tsx';
import { ComplaintList } from '../components/complaint-list.tsx';
import '../account-pages.css';

/**
 * /mine/email: the complaint address (getBasicInfo complaint_email, set in the back office)
 * to copy or write to from the phone's mail app, and a form that reaches the same desk.
 */
export function EmailPage() {
  const { t } = useTranslation();
  const copy = useCopyText();
  const { data: info, isFetched } = useBasicInfo();
  const address = info?.complaint_email ?? '';
  return (
    <div className="page account-page">
      <PageHeader title={t('complaint.title')} fallback={PATHS.user} />
      <section className="complaint-address" data-testid="complaint-address">
        <MailOutline fontSize={28} className="complaint-address-icon" />
        <span className="invite-label">{t('complaint.address')}</span>
        {address ? (
          <>
            <strong dir="ltr" data-testid="complaint-email">
              {address}
            </strong>
            <div className="invite-actions">
              <Button
                color="primary"
                fill="outline"
                onClick={() => void copy(address)}
                data-testid="complaint-email-copy"
              >
                {t('public.copy')}
              </Button>
              <a
                className="complaint-mailto"
                href={`mailto:${address}`}
                data-testid="complaint-mailto"
              >
                {t('complaint.write_mail')}
              </a>
            </div>
          </>
        ) : isFetched ? (
          <p className="account-empty">{t('complaint.no_address')}</p>
        ) : null}
      </section>
      <ComplaintForm />
      <ComplaintList />
    </div>
  );
}
