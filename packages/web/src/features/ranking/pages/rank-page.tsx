import { CapsuleTabs, Dialog, ErrorBlock, Skeleton } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenUntilNavigation } from '../../../lib/use-open-until-navigation.ts';
import { useRanking } from '../api/ranking-api.ts';
import { TraderCard } from '../components/trader-card.tsx';
import { SORT_KEYS, SORT_LABELS, type SortKey, sortTraders } from '../lib/rank-sort.ts';
import '../ranking.css';

/**
 * rank ("documentary", SPEC.md §2): real traders' figures over their closed positions,
 * sortable by the main ones. Copy trading itself is not offered yet: a row says so.
 */
export function RankPage() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useRanking();
  const [sortKey, setSortKey] = useState<SortKey>('three_week_rate');
  const traders = useMemo(() => sortTraders(data?.data ?? [], sortKey), [data, sortKey]);
  // Declared, not Dialog.alert(): an imperative dialog outlives the page on Back.
  const [comingSoon, setComingSoon] = useOpenUntilNavigation();
  return (
    <div className="page rank-page" data-testid="rank-page">
      <header className="rank-header">
        <h1>{t('rank.title')}</h1>
        <p>{t('rank.window', { days: data?.window_days ?? 21 })}</p>
      </header>
      <nav className="rank-sort" aria-label={t('rank.sort_by')}>
        <CapsuleTabs activeKey={sortKey} onChange={(key) => setSortKey(key as SortKey)}>
          {SORT_KEYS.map((key) => (
            <CapsuleTabs.Tab key={key} title={t(SORT_LABELS[key])} />
          ))}
        </CapsuleTabs>
      </nav>
      {isPending ? (
        <div className="rank-skeleton" data-testid="rank-skeleton">
          {[0, 1, 2].map((i) => (
            <div key={i} className="rank-card">
              <Skeleton.Title animated />
              <Skeleton.Paragraph lineCount={3} animated />
            </div>
          ))}
        </div>
      ) : null}
      {isError ? <ErrorBlock status="disconnected" title={t('rank.error')} description="" /> : null}
      {data && traders.length === 0 ? (
        <ErrorBlock status="empty" title={t('rank.empty')} description="" />
      ) : null}
      <div className="rank-list" data-testid="rank-list">
        {traders.map((trader) => (
          <TraderCard key={trader.rank} trader={trader} onOpen={() => setComingSoon(true)} />
        ))}
      </div>
      <Dialog
        visible={comingSoon}
        title={t('rank.coming_soon_title')}
        content={<p data-testid="rank-coming-soon">{t('rank.coming_soon')}</p>}
        actions={[{ key: 'confirm', text: t('public.confirm') }]}
        closeOnAction
        destroyOnClose
        onClose={() => setComingSoon(false)}
      />
    </div>
  );
}
