import { DEPOSIT_STATUSES, type DepositRecord } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { useDepositList } from '../api/deposits-api.ts';
import { formatWireAmount } from '../lib/decimal-text.ts';
import { depositStatusView, depositTimeline, hasDepositReason } from '../lib/record-views.ts';
import { MoreRecords } from './more-records.tsx';
import { RecordCard, type RecordFact } from './record-card.tsx';

const CURRENCY_DECIMALS = 8;
const USD_DECIMALS = 6;

function DepositCard({ record }: { record: DepositRecord }) {
  const { t } = useTranslation();
  const status = depositStatusView(record.status);
  const facts: RecordFact[] = [
    {
      label: t('funding.method'),
      value: record.type === 1 ? t('charge.tab_wire') : t('charge.tab_crypto'),
    },
    { label: t('funding.time'), value: formatLocalDateTime(record.created_at), ltr: true },
  ];
  if (record.status === DEPOSIT_STATUSES.finished) {
    facts.push({
      label: t('funding.credited'),
      value: `${formatWireAmount(record.credited, USD_DECIMALS)} USD`,
      testId: 'deposit-credited',
      ltr: true,
    });
  }
  return (
    <RecordCard
      testId="deposit-record"
      id={record.id}
      title={[record.currency_code, record.protocol_code].filter(Boolean).join(' · ')}
      amount={`${formatWireAmount(record.number, CURRENCY_DECIMALS)} ${record.currency_code}`}
      status={{ label: t(status.key), color: status.color, testId: 'deposit-status' }}
      facts={facts}
      reason={
        hasDepositReason(record)
          ? {
              label: t('funding.reason'),
              text: record.remark,
              testId: 'deposit-remark',
              warning: true,
            }
          : null
      }
      timeline={depositTimeline(record)}
    />
  );
}

/** My deposits, newest first (on /mine/charge and /mine/history). */
export function DepositRecords() {
  const { t } = useTranslation();
  const { data, fetchNextPage, hasNextPage, isFetched } = useDepositList();
  const records = data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section className="record-list" data-testid="deposit-records">
      {records.map((record) => (
        <DepositCard key={record.id} record={record} />
      ))}
      {isFetched && records.length === 0 ? (
        <p className="empty-note">{t('charge.no_records')}</p>
      ) : null}
      <MoreRecords hasMore={hasNextPage} loadMore={fetchNextPage} />
    </section>
  );
}
