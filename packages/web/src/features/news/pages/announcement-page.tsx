import { NEWS_CATEGORIES } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PATHS } from '../../../lib/route-paths.ts';
import { NewsFeed } from '../components/news-feed.tsx';
import '../news.css';

/** /mine/announcement: the announcements, each opening its article. */
export function AnnouncementPage() {
  const { t } = useTranslation();
  return (
    <div className="page news-page">
      <PageHeader title={t('user.announcement')} fallback={PATHS.user} />
      <NewsFeed categoryId={NEWS_CATEGORIES.announcement} />
    </div>
  );
}
