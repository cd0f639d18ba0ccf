import { CapsuleTabs, ErrorBlock, Skeleton } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { traderPath } from '../../../lib/route-paths.ts';
import { useRanking } from '../api/ranking-api.ts';
import { FiguresLegend } from '../components/figures-legend.tsx';
import { TraderCard } from '../components/trader-card.tsx';
import {
  DEFAULT_SORT_KEY,
  SORT_KEYS,
  SORT_LABELS,
  type SortKey,
  sortTraders,
} from '../lib/rank-sort.ts';
import '../ranking.css';

/**
 * rank ("documentary", SPEC.md §2): real traders' figures, sortable by the main ones and
 * first by the time-weighted return, with a line on what each figure means; a row opens the
 * trader's profile, where they can be copied.
 */
export function RankPage() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useRanking();
  const [sortKey, setSortKey] = useState<SortKey>(DEFAULT_SORT_KEY);
  const traders = useMemo(() => sortTraders(data?.data ?? [], sortKey), [data, sortKey]);
  const navigate = useNavigate();
  return (
    <div className="page rank-page" data-testid="rank-page">
      <header className="rank-header">
        <h1>{t('rank.title')}</h1>
        <p>{t('rank.window')}</p>
        <FiguresLegend days={data?.window_days ?? 21} />
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
        <ErrorBlock
          status="empty"
          title={t('rank.empty')}
          description=""
          data-testid="rank-empty"
        />
      ) : null}
      <div className="rank-list" data-testid="rank-list">
        {traders.map((trader) => (
          <TraderCard
            key={trader.id}
            trader={trader}
            onOpen={() => navigate(traderPath(trader.id))}
          />
        ))}
      </div>
    </div>
  );
}
