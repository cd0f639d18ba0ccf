import type { User } from '@tradedesk/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCopyText } from '../../../lib/copy-text.ts';
import { inviteLink } from '../../../lib/invite-link.ts';
import { PATHS } from '../../../lib/route-paths.ts';

/** An address that may wrap after its "@" (and anywhere, if a part is still too long). */
function WrappableEmail({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at < 0) return address;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}

/** The account's facts: credit score, the invitation code (a tap copies the link), complaints. */
export function UserFacts({
  user,
  isDemo,
  complaintEmail,
}: {
  user: User;
  isDemo: boolean;
  complaintEmail: string | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const copyText = useCopyText();
  const copy = () => copyText(inviteLink(window.location.origin, user.invite_code));
  return (
    <List className="user-facts">
      <List.Item extra={user.credit_score}>{t('user.credit_score')}</List.Item>
      {!isDemo ? (
        <List.Item
          extra={user.invite_code}
          onClick={() => void copy()}
          description={t('user.copy_link')}
          data-testid="fact-invite-code"
        >
          {t('user.invite_code')}
        </List.Item>
      ) : null}
      <List.Item
        extra={
          <span dir="ltr">
            <WrappableEmail address={complaintEmail || '—'} />
          </span>
        }
        onClick={() => navigate(PATHS.email)}
        data-testid="fact-complaint-email"
      >
        {t('user.complaint_email')}
      </List.Item>
    </List>
  );
}
