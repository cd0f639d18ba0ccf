import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useCopyText } from '../../../lib/copy-text.ts';
import { inviteLink } from '../../../lib/invite-link.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import { useUserInfo } from '../api/user-api.ts';
import { InviteQr } from '../components/invite-qr.tsx';
import { InviteeList } from '../components/invitee-list.tsx';
import '../account-pages.css';

/** /mine/invite (real accounts): my code, the link with copy and QR code, and who registered. */
export function InvitePage() {
  const { t } = useTranslation();
  const copy = useCopyText();
  const { data: user } = useUserInfo();
  const link = user ? inviteLink(window.location.origin, user.invite_code) : '';
  return (
    <div className="page account-page">
      <PageHeader title={t('invite.title')} fallback={PATHS.user} />
      {user ? (
        <section className="invite-card" data-testid="invite-card">
          <span className="invite-label">{t('invite.code')}</span>
          <strong className="invite-code" dir="ltr" data-testid="invite-code">
            {user.invite_code}
          </strong>
          <InviteQr link={link} alt={t('invite.qr_alt')} />
          <span className="invite-hint">{t('invite.scan_hint')}</span>
          <span className="invite-link" dir="ltr" data-testid="invite-link">
            {link}
          </span>
          <div className="invite-actions">
            <Button color="primary" onClick={() => void copy(link)} data-testid="invite-copy-link">
              {t('invite.copy_link')}
            </Button>
            <Button
              color="primary"
              fill="outline"
              onClick={() => void copy(user.invite_code)}
              data-testid="invite-copy-code"
            >
              {t('invite.copy_code')}
            </Button>
          </div>
        </section>
      ) : null}
      <InviteeList />
    </div>
  );
}
