import { COMPLAINT_STATUSES, type Complaint } from '@tradedesk/contract';
import { InfiniteScroll, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { useComplaintList } from '../api/complaint-api.ts';
import { localDate } from '../lib/local-date.ts';

/** Where the complaint stands: answered (the desk wrote back), handled, or received. */
function StatusTag({ complaint }: { complaint: Complaint }) {
  const { t } = useTranslation();
  if (complaint.answer !== null)
    return (
      <Tag color="success" fill="outline">
        {t('complaint.status_answered')}
      </Tag>
    );
  return (
    <Tag
      color={complaint.status === COMPLAINT_STATUSES.handled ? 'success' : 'primary'}
      fill="outline"
    >
      {complaint.status === COMPLAINT_STATUSES.handled
        ? t('complaint.status_handled')
        : t('complaint.status_received')}
    </Tag>
  );
}

/** My complaints, newest first, received, handled or answered — with the desk's answer. */
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
            <StatusTag complaint={complaint} />
          </div>
          <p className="complaint-row-text" dir="auto">
            {complaint.message}
          </p>
          <span className="complaint-row-date" dir="ltr">
            {localDate(complaint.created_at)}
          </span>
          {complaint.answer !== null ? (
            <div className="complaint-answer" data-testid="complaint-answer">
              <div className="complaint-answer-head">
                <strong>{t('complaint.answer_title')}</strong>
                <span className="complaint-row-date" dir="ltr" data-testid="complaint-answer-time">
                  {formatLocalDateTime(complaint.answered_at ?? '')}
                </span>
              </div>
              <p className="complaint-row-text" dir="auto">
                {complaint.answer}
              </p>
            </div>
          ) : null}
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
