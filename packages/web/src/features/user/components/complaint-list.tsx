import { InfiniteScroll, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useComplaintList } from '../api/complaint-api.ts';
import { localDate } from '../lib/local-date.ts';

/** My complaints, newest first, received or handled. */
export function ComplaintList() {
  const { t } = useTranslation();
  const { data, fetchNextPage, hasNextPage, isFetched } = useComplaintList();
  const complaints = data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section className="account-section" data-testid="complaint-list">
      <h2 className="account-section-title">{t('complaint.mine')}</h2>
      {isFetched && complaints.length === 0 ? (
        <p className="account-empty">{t('complaint.none')}</p>
      ) : null}
      {complaints.map((complaint) => (
        <div className="complaint-row" key={complaint.id} data-testid="complaint-row">
          <div className="complaint-row-head">
            <strong dir="auto">{complaint.subject}</strong>
            <Tag color={complaint.status === 1 ? 'success' : 'primary'} fill="outline">
              {complaint.status === 1
                ? t('complaint.status_handled')
                : t('complaint.status_received')}
            </Tag>
          </div>
          <p className="complaint-row-text" dir="auto">
            {complaint.message}
          </p>
          <span className="complaint-row-date" dir="ltr">
            {localDate(complaint.created_at)}
          </span>
        </div>
      ))}
      <InfiniteScroll
        loadMore={async () => void (await fetchNextPage())}
        hasMore={hasNextPage ?? false}
      >
        {hasNextPage ? undefined : <span />}
      </InfiniteScroll>
    </section>
  );
}
