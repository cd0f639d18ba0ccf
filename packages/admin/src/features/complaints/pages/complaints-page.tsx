import { COMPLAINT_STATUSES, type ComplaintStatusCode } from '@tradedesk/contract';
import type { AdminComplaint } from '@tradedesk/contract/admin';
import {
  Button,
  Popconfirm,
  Radio,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { formatTime, orDash } from '../../../lib/format.ts';
import { PAGE_SIZE, useListParams } from '../../../lib/list-params.ts';
import { useComplaints, useHandleComplaint } from '../api/use-complaints.ts';
import { AnswerComplaintModal } from '../components/answer-complaint-modal.tsx';

/** The desk's answer under the complaint: what the trader reads, who wrote it and when. */
function AnswerText({ row }: { row: AdminComplaint }) {
  if (row.answer === null) return null;
  return (
    <div className="complaint-answer" data-testid={`complaint-answer-${row.id}`}>
      <Typography.Text type="secondary">
        Answered {row.answered_at === null ? '' : formatTime(row.answered_at)} UTC by{' '}
        {orDash(row.answered_by)}
      </Typography.Text>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
        {row.answer}
      </Typography.Paragraph>
    </div>
  );
}

const FILTERS = ['status'] as const;
const STATUS_OPTIONS = [
  { label: 'Received', value: String(COMPLAINT_STATUSES.received) },
  { label: 'Handled', value: String(COMPLAINT_STATUSES.handled) },
];

/** The status of the address (?status=1), or the desk's queue (received) when absent or unknown. */
function readStatus(text: string): ComplaintStatusCode {
  return text === String(COMPLAINT_STATUSES.handled)
    ? COMPLAINT_STATUSES.handled
    : COMPLAINT_STATUSES.received;
}

/**
 * The support desk's complaints: who wrote what, oldest first; answer one (the trader reads
 * it in the app) or mark it handled — both audited.
 */
export function ComplaintsPage() {
  const { page, filters, setPage, setFilters } = useListParams(FILTERS);
  const status = readStatus(filters.status);
  const { data, isFetching } = useComplaints({ status, page });
  const handle = useHandleComplaint();
  const [answering, setAnswering] = useState<AdminComplaint | null>(null);

  // Who and when take narrow columns, two lines each: the complaint and its answer get the
  // width they need to be read.
  const columns: TableColumnsType<AdminComplaint> = [
    { title: '#', dataIndex: 'id', width: 60 },
    {
      title: 'Trader',
      key: 'trader',
      width: 210,
      render: (_, row) => (
        <div className="stacked-cell">
          <span>UID {row.uid}</span>
          <Typography.Text type="secondary">{orDash(row.email ?? row.mobile)}</Typography.Text>
        </div>
      ),
    },
    {
      title: 'Complaint',
      key: 'text',
      render: (_, row) => (
        <div className="complaint-text">
          <Typography.Text strong>{row.subject}</Typography.Text>
          <Typography.Paragraph
            ellipsis={{ rows: 3, expandable: true, symbol: 'more' }}
            style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
          >
            {row.message}
          </Typography.Paragraph>
          <AnswerText row={row} />
        </div>
      ),
    },
    { title: 'Received (UTC)', dataIndex: 'created_at', width: 130, render: formatTime },
    ...(status === COMPLAINT_STATUSES.handled
      ? [
          {
            title: 'Handled (UTC)',
            key: 'handled',
            width: 200,
            render: (_: unknown, row: AdminComplaint) => (
              <div className="stacked-cell">
                <span>{formatTime(row.handled_at)}</span>
                <Typography.Text type="secondary">by {orDash(row.handled_by)}</Typography.Text>
              </div>
            ),
          },
        ]
      : []),
    {
      title: '',
      key: 'action',
      align: 'right',
      width: 140,
      render: (_, row) => (
        <Space direction="vertical" align="end" size="small">
          {row.answer === null ? (
            <Button
              size="small"
              type="primary"
              onClick={() => setAnswering(row)}
              data-testid={`answer-complaint-${row.id}`}
            >
              Answer
            </Button>
          ) : (
            <Tag color="blue">Answered</Tag>
          )}
          {row.status === COMPLAINT_STATUSES.handled ? (
            <Tag color="success">Handled</Tag>
          ) : (
            <Popconfirm
              title="Mark this complaint handled without an answer?"
              okText="Mark handled"
              // The button spins until the server answers; a refusal is shown by the API
              // client, and must not reach antd, which would rethrow it unhandled.
              onConfirm={() => handle.mutateAsync(row.id).catch(() => undefined)}
            >
              <Button size="small" data-testid={`handle-complaint-${row.id}`}>
                Mark handled
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <section>
      <div className="page-title">
        <Typography.Title level={2}>Complaints</Typography.Title>
      </div>
      <div className="filters">
        <Radio.Group
          optionType="button"
          options={STATUS_OPTIONS}
          value={String(status)}
          onChange={(event) => setFilters({ status: event.target.value as string })}
          aria-label="Complaint status"
        />
      </div>
      <Table<AdminComplaint>
        rowKey="id"
        columns={columns}
        dataSource={data?.data ?? []}
        loading={isFetching}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `${total} complaints`,
          onChange: setPage,
        }}
      />
      <AnswerComplaintModal complaint={answering} onClose={() => setAnswering(null)} />
    </section>
  );
}
