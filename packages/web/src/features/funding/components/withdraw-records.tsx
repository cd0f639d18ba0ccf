import { DRAW_TYPES, WITHDRAWAL_STATUSES, type WithdrawRecord } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { useDrawList } from '../api/withdrawals-api.ts';
import { formatWireAmount } from '../lib/decimal-text.ts';
import { maskAccount } from '../lib/mask-account.ts';
import { withdrawStatusColor, withdrawTimeline } from '../lib/record-views.ts';
import { MoreRecords } from './more-records.tsx';
import { RecordCard, type RecordFact } from './record-card.tsx';

const CURRENCY_DECIMALS = 8;
const USD_DECIMALS = 6;

/** What a withdrawal's notes are: the reason of a rejection, the reference of a payment. */
function notesLabel(status: number): string {
  if (status === WITHDRAWAL_STATUSES.rejected) return 'funding.reason';
  if (status === WITHDRAWAL_STATUSES.paid) return 'funding.reference';
  return 'funding.notes';
}

function WithdrawCard({ record }: { record: WithdrawRecord }) {
  const { t } = useTranslation();
  const { code, protocol } = record.draw_currency;
  const isCoin = record.type === DRAW_TYPES.coin;
  const facts: RecordFact[] = [
    {
      label: t('withdraw.fee'),
      value: `${formatWireAmount(record.fee, USD_DECIMALS)} USD`,
      testId: 'withdraw-record-fee',
      ltr: true,
    },
    {
      label: t('withdraw.receive'),
      value: `${formatWireAmount(record.real_number, CURRENCY_DECIMALS)} ${code}`,
      testId: 'withdraw-record-receive',
      ltr: true,
    },
    {
      label: isCoin ? t('withdraw.to_address') : t('withdraw.to_account'),
      value: isCoin ? record.address : maskAccount(record.payee_account),
      ltr: true,
    },
    { label: t('funding.time'), value: formatLocalDateTime(record.created_at), ltr: true },
  ];
  if (record.memo) facts.push({ label: t('withdraw.memo'), value: record.memo });
  return (
    <RecordCard
      testId="withdraw-record"
      id={record.id}
      title={[code, protocol].filter(Boolean).join(' · ')}
      amount={`${formatWireAmount(record.number, USD_DECIMALS)} USD`}
      status={{
        label: record.status_name,
        color: withdrawStatusColor(record.status),
        testId: 'withdraw-status',
      }}
      facts={facts}
      reason={
        record.notes
          ? {
              label: t(notesLabel(record.status)),
              text: record.notes,
              testId: 'withdraw-notes',
              warning: record.status === WITHDRAWAL_STATUSES.rejected,
            }
          : null
      }
      timeline={withdrawTimeline(record)}
    />
  );
}

/** My withdrawals, newest first (on /mine/withdraw and /mine/history). */
export function WithdrawRecords() {
  const { t } = useTranslation();
  const { data, fetchNextPage, hasNextPage, isFetched } = useDrawList();
  const records = data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section className="record-list" data-testid="withdraw-records">
      {records.map((record) => (
        <WithdrawCard key={record.id} record={record} />
      ))}
      {isFetched && records.length === 0 ? (
        <p className="empty-note">{t('withdraw.no_records')}</p>
      ) : null}
      <MoreRecords hasMore={hasNextPage} loadMore={fetchNextPage} />
    </section>
  );
}
