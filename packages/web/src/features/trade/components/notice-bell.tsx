import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/route-paths.ts';
import { useCloseNotices } from '../hooks/use-close-notices.ts';
import '../close-notices.css';

/** Past this the badge says 99+: the list says the rest. */
const MAX_SHOWN = 99;

/**
 * The bell of the logged-in pages' heads: how many positions the market closed since the list
 * was last opened, at once when a close is pushed; a tap opens the list.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { unread, more } = useCloseNotices();
  const count = unread > MAX_SHOWN ? `${MAX_SHOWN}+` : `${unread}${more ? '+' : ''}`;
  return (
    <button
      type="button"
      className="notice-bell"
      onClick={() => navigate(PATHS.notices)}
      aria-label={unread > 0 ? t('notices.bell_unread', { count: unread }) : t('notices.title')}
      data-testid="notice-bell"
    >
      <BellOutline aria-hidden />
      {unread > 0 ? (
        <span className="notice-bell-count" data-testid="notice-unread" aria-hidden>
          {count}
        </span>
      ) : null}
    </button>
  );
}
