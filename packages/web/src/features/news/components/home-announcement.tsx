import { NoticeBar } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/route-paths.ts';
import { useAnnouncementsHead } from '../api/news-api.ts';
import { newestPinned, newsDetailPath } from '../lib/news-logic.ts';
import '../news.css';

/**
 * Home's banner: the newest pinned announcement, opening its article. Until it is read (or if
 * none is pinned) the banner links to the news list with the built-in notice.
 */
export function HomeAnnouncement() {
  const { t } = useTranslation();
  const { data } = useAnnouncementsHead();
  const pinned = newestPinned(data?.data);
  return (
    <Link
      to={pinned ? newsDetailPath(pinned.id) : PATHS.news}
      className="home-announcement"
      data-testid="home-announcement"
    >
      {/* Named by what it shows, with what it is before it (a label of its own would hide the text). */}
      <span className="visually-hidden">{t('home.announcement_title')}: </span>
      <NoticeBar
        content={<span dir="auto">{pinned ? pinned.title : t('home.announcement')}</span>}
        color="info"
        className="home-notice"
        extra={<RightOutline />}
      />
    </Link>
  );
}
