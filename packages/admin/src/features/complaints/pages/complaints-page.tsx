import type { AdminComplaint } from '@tradedesk/contract/admin';
import { Button, Popconfirm, Radio, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { formatTime, orDash } from '../../../lib/format.ts';
import { PAGE_SIZE, useListParams } from '../../../lib/list-params.ts';
import { useComplaints, useHandleComplaint } from '../api/use-complaints.ts';

const FILTERS = ['status'] as const;
const STATUS_OPTIONS = [
  { label: 'Received', value: '0' },
  { label: 'Handled', value: '1' },
];

/** The support desk's complaints: who wrote what, oldest first; mark one handled (audited). */
export function ComplaintsPage() {
  const { page, filters, setPage, setFilters } = useListParams(FILTERS);
  const status = filters.status === '1' ? 1 : 0;
  const { data, isFetching } = useComplaints({ status, page });
  const handle = useHandleComplaint();

  const columns: TableColumnsType<AdminComplaint> = [
    { title: '#', dataIndex: 'id', width: 70 },
    { title: 'UID', dataIndex: 'uid', width: 110 },
    {
      title: 'Contact',
      key: 'contact',
      width: 220,
      render: (_, row) => orDash(row.email ?? row.mobile),
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
        </div>
      ),
    },
    { title: 'Received (UTC)', dataIndex: 'created_at', width: 170, render: formatTime },
    ...(status === 1
      ? [
          { title: 'Handled (UTC)', dataIndex: 'handled_at', width: 170, render: formatTime },
          { title: 'By', dataIndex: 'handled_by', width: 200, render: orDash },
        ]
      : []),
    {
      title: '',
      key: 'action',
      align: 'right',
      width: 140,
      render: (_, row) =>
        row.status === 1 ? (
          <Tag color="success">Handled</Tag>
        ) : (
          <Popconfirm
            title="Mark this complaint handled?"
            okText="Mark handled"
            onConfirm={() => handle.mutateAsync(row.id)}
          >
            <Button size="small" type="primary" data-testid={`handle-complaint-${row.id}`}>
              Mark handled
            </Button>
          </Popconfirm>
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
    </section>
  );
}
