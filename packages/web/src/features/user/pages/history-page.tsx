import { InfiniteScroll, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { formatMoney, formatSignedMoney } from '../../../lib/format.ts';
import { useLedger } from '../api/account-api.ts';

/** Every balance change, newest first, with the balance after it: the ledger explains the balance. */
export function HistoryPage() {
  const { t } = useTranslation();
  const { data, fetchNextPage, hasNextPage, isFetched } = useLedger();
  const rows = data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <div className="page">
      <PageHeader title={t('history.title')} fallback="/user" />
      <List className="ledger-list" data-testid="ledger">
        {rows.map((row) => (
          <List.Item
            key={row.Id}
            description={`${row.CreatedAtTran} UTC`}
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
    </div>
  );
}
