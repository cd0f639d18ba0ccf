import type { AdminCopySignal, CopySignalChange } from '@tradedesk/contract/admin';
import { Button, Popconfirm, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatTime, orDash } from '../../../lib/format.ts';
import { PAGE_SIZE } from '../../../lib/list-params.ts';
import { notify } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/operator.ts';
import { useRetryCopySignal, useSetAsideSignals } from '../api/use-set-aside-signals.ts';
import '../set-aside-signals.css';

/** What the leader did, in words. */
const CHANGE_LABELS: Record<CopySignalChange, string> = {
  open: 'Open',
  close: 'Close',
  stops: 'TP/SL change',
  part: 'Partial close',
  trailing: 'Trailing stop',
};

function RetryButton({ signal }: { signal: AdminCopySignal }) {
  const retry = useRetryCopySignal();
  return (
    <Popconfirm
      title={`Retry signal #${signal.id}?`}
      description="It is mirrored again from the first attempt, before the leader's later signals."
      okText="Retry"
      onConfirm={() =>
        retry.mutateAsync(signal.id).then(
          () => notify.success(`Signal #${signal.id} is waiting to be mirrored again`),
          // A refusal was shown by the API client already.
          () => undefined,
        )
      }
    >
      <Button size="small" type="primary" loading={retry.isPending}>
        Retry
      </Button>
    </Popconfirm>
  );
}

const columns = (mayRetry: boolean): TableColumnsType<AdminCopySignal> => [
  { title: '#', dataIndex: 'id', width: 70 },
  { title: 'Leader', key: 'leader', width: 130, render: (_, row) => `UID ${row.leader_uid}` },
  { title: 'Instrument', dataIndex: 'instrument', width: 110, render: orDash },
  {
    title: 'Change',
    key: 'change',
    width: 190,
    render: (_, row) => (
      <span>
        {CHANGE_LABELS[row.change]}
        {row.copy_id !== null && (
          <Typography.Text type="secondary"> · copy #{row.copy_id}</Typography.Text>
        )}
      </span>
    ),
  },
  { title: 'Attempts', dataIndex: 'attempts', width: 90, align: 'right', className: 'amount' },
  {
    title: 'Last error',
    dataIndex: 'last_error',
    // Whole: at most 500 characters, and the operator reads it to mend the cause.
    render: (error: string | null) => <span className="set-aside-error">{orDash(error)}</span>,
  },
  { title: 'Set aside (UTC)', dataIndex: 'set_aside_at', width: 170, render: formatTime },
  ...(mayRetry
    ? [
        {
          title: '',
          key: 'retry',
          width: 90,
          align: 'right' as const,
          render: (_: unknown, row: AdminCopySignal) =>
            row.set_aside_at === null ? <Tag>Waiting</Tag> : <RetryButton signal={row} />,
        },
      ]
    : []),
];

/**
 * Leaders' signals set aside (issue 36): each failed on the copies at every attempt of the
 * retry policy (10 s doubling to an hour, about two days), and the leader's later signals went
 * on without it. Support may put one back once what made it fail is mended.
 */
export function SetAsideSignals() {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useSetAsideSignals({ page });
  const mayRetry = useCan('retryCopySignal');
  return (
    <section className="set-aside-signals" aria-labelledby="set-aside-signals-title">
      <Typography.Title level={3} id="set-aside-signals-title">
        Signals set aside
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        A leader's trade that failed on the copies at every attempt (about two days of retries) is
        set aside here, and the leader's later trades are mirrored without it.
      </Typography.Paragraph>
      <Table<AdminCopySignal>
        rowKey="id"
        size="small"
        columns={columns(mayRetry)}
        dataSource={data?.data ?? []}
        loading={isFetching}
        locale={{ emptyText: 'No signals set aside' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
    </section>
  );
}
