import type { AuditRow } from '@tradedesk/contract/admin';
import { Input, InputNumber, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { formatTime, orDash } from '../../../lib/format.ts';
import { PAGE_SIZE, readPositiveInt, useListParams } from '../../../lib/list-params.ts';
import { useCan } from '../../../lib/operator.ts';
import { useAudit, useOperatorChoices } from '../api/use-audit.ts';
import { AuditChange } from '../components/audit-change.tsx';
import { auditTarget } from '../lib/audit-target.ts';

const FILTERS = ['admin_id', 'action'] as const;

const columns: TableColumnsType<AuditRow> = [
  { title: 'Time (UTC)', dataIndex: 'created_at', render: formatTime, width: 180 },
  { title: 'Operator', dataIndex: 'admin_email', render: orDash },
  { title: 'Role', dataIndex: 'role', render: (role: string) => <Tag>{role}</Tag> },
  {
    title: 'Action',
    dataIndex: 'action',
    render: (action: string) => <Typography.Text code>{action}</Typography.Text>,
  },
  {
    title: 'Target',
    key: 'target',
    render: (_, row) => auditTarget(row),
  },
  { title: 'IP', dataIndex: 'ip' },
];

/** Who did what, newest first; a row unfolds into the target before and after. */
export function AuditPage() {
  const { page, filters, setPage, setFilters } = useListParams(FILTERS);
  const adminId = readPositiveInt(filters.admin_id, 0);
  const action = filters.action.trim();
  const { data, isFetching } = useAudit({
    page,
    ...(adminId ? { admin_id: adminId } : {}),
    ...(action ? { action } : {}),
  });
  const canListOperators = useCan('operators');
  const operators = useOperatorChoices(canListOperators);
  const setAdmin = (id: number | null | undefined) =>
    setFilters({ admin_id: id ? String(id) : '' });

  return (
    <section>
      <div className="page-title">
        <Typography.Title level={2}>Audit log</Typography.Title>
      </div>
      <div className="filters">
        {canListOperators ? (
          <Select<number>
            className="operator-filter"
            placeholder="All operators"
            aria-label="Operator"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={operators.isPending}
            options={operators.data}
            value={adminId || undefined}
            onChange={setAdmin}
          />
        ) : (
          <InputNumber<number>
            placeholder="Operator id"
            aria-label="Operator id"
            min={1}
            precision={0}
            value={adminId || null}
            onChange={setAdmin}
          />
        )}
        <Input.Search
          key={action}
          defaultValue={action}
          placeholder="Action, exactly (e.g. user.disable)"
          aria-label="Action"
          allowClear
          maxLength={64}
          onSearch={(value) => setFilters({ action: value.trim() })}
        />
      </div>
      <Table<AuditRow>
        rowKey="id"
        columns={columns}
        dataSource={data?.data}
        loading={isFetching}
        expandable={{ expandedRowRender: (row) => <AuditChange row={row} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `${total} entries`,
          onChange: setPage,
        }}
      />
    </section>
  );
}
