import { NEWS_CATEGORIES, type NewsCategoryId } from '@tradedesk/contract';
import { NavBar, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewsFeed } from '../components/news-feed.tsx';
import '../news.css';

/** /news: news and announcements in two tabs, with the footer (SPEC.md §2). */
export function NewsPage() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<NewsCategoryId>(NEWS_CATEGORIES.news);
  return (
    <div className="page news-page">
      <NavBar className="page-header" back={null}>
        {t('news.title')}
      </NavBar>
      <Tabs
        activeKey={String(category)}
        onChange={(key) => setCategory(Number(key) as NewsCategoryId)}
        className="news-tabs"
      >
        <Tabs.Tab title={t('news.tab_news')} key={String(NEWS_CATEGORIES.news)} />
        <Tabs.Tab title={t('news.tab_announcements')} key={String(NEWS_CATEGORIES.announcement)} />
      </Tabs>
      <NewsFeed key={category} categoryId={category} />
    </div>
  );
}
