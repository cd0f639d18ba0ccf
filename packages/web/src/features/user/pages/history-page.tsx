import { InfiniteScroll, List, Tabs } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { formatMoney, formatSignedMoney } from '../../../lib/format.ts';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import { useLedger } from '../api/account-api.ts';

/** Every balance change, newest first, with the balance after it: the ledger explains the balance. */
function LedgerList() {
  const { t } = useTranslation();
  const { data, fetchNextPage, hasNextPage, isFetched } = useLedger();
  const rows = data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <>
      <List className="ledger-list" data-testid="ledger">
        {rows.map((row) => (
          <List.Item
            key={row.Id}
            description={
              <span data-testid="ledger-time">{formatLocalDateTime(row.CreatedAtTran)}</span>
            }
            extra={
              <div className="ledger-figures">
                <span className={row.Value >= 0 ? 'up' : 'down'} data-testid="ledger-value">
                  {formatSignedMoney(row.Value)}
                </span>
                <span className="ledger-after">
                  {t('history.balance_after')} {formatMoney(row.Balance)}
                </span>
              </div>
            }
          >
            <span data-testid="ledger-memo">{row.MemoTran}</span>
          </List.Item>
        ))}
      </List>
      {isFetched && rows.length === 0 ? <p className="empty-note">{t('history.empty')}</p> : null}
      <InfiniteScroll
        loadMore={async () => void (await fetchNextPage())}
        hasMore={hasNextPage ?? false}
      >
        {hasNextPage ? undefined : <span />}
      </InfiniteScroll>
    </>
  );
}

/** A list of financial records another feature provides (deposits, withdrawals). */
export interface HistoryTab {
  key: string;
  title: string;
  render(): ReactNode;
}

const LEDGER_TAB = 'ledger';

/**
 * /mine/history: the account ledger and, for a real account, the financial records the app
 * passes in (features never import each other). The tab is kept in the address (?tab=).
 */
export function HistoryPage({ recordTabs = [] }: { recordTabs?: readonly HistoryTab[] }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab = recordTabs.find((r) => r.key === requested);
  return (
    <div className="page">
      <PageHeader title={t('history.title')} fallback={PATHS.user} />
      {recordTabs.length > 0 ? (
        <Tabs
          activeKey={tab?.key ?? LEDGER_TAB}
          onChange={(key) => setSearch(key === LEDGER_TAB ? {} : { tab: key }, { replace: true })}
          className="history-tabs"
        >
          <Tabs.Tab
            key={LEDGER_TAB}
            title={<span data-testid="history-tab-ledger">{t('history.ledger')}</span>}
          />
          {recordTabs.map((r) => (
            <Tabs.Tab
              key={r.key}
              title={<span data-testid={`history-tab-${r.key}`}>{r.title}</span>}
            />
          ))}
        </Tabs>
      ) : null}
      {tab ? tab.render() : <LedgerList />}
    </div>
  );
}
