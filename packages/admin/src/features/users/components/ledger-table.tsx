import type { AdminLedgerRow } from '@tradedesk/contract/admin';
import { Card, Table, type TableColumnsType, Typography } from 'antd';
import { formatMoney } from '../../../lib/format.ts';
import { PAGE_SIZE } from '../../../lib/list-params.ts';

/**
 * When a row happened. A withdrawal's "paid out" row is written at the approval; the time an
 * operator looks for is the payment's (marked paid), so that comes first, the approval under it.
 */
function rowTime(row: AdminLedgerRow) {
  if (!row.withdrawal_payout) return row.CreatedAtTran;
  return (
    <span className="ledger-time" data-testid={`ledger-paid-${row.Id}`}>
      {row.paid_at ? `Paid ${row.paid_at}` : 'Not paid yet'}
      <Typography.Text type="secondary" className="ledger-time-note">
        Approved {row.CreatedAtTran}
      </Typography.Text>
    </span>
  );
}

const columns: TableColumnsType<AdminLedgerRow> = [
  { title: 'Time (UTC)', key: 'time', render: (_, row) => rowTime(row) },
  { title: 'What', dataIndex: 'MemoTran' },
  {
    title: 'Amount (USD)',
    dataIndex: 'Value',
    align: 'right',
    className: 'amount',
    render: formatMoney,
  },
  {
    title: 'Balance after (USD)',
    dataIndex: 'Balance',
    align: 'right',
    className: 'amount',
    render: formatMoney,
  },
];

interface LedgerTableProps {
  rows: readonly AdminLedgerRow[];
  total: number;
  page: number;
  loading: boolean;
  onPage(page: number): void;
}

/** Every change of the trader's balance, newest first, a page at a time. */
export function LedgerTable({ rows, total, page, loading, onPage }: LedgerTableProps) {
  return (
    <Card title="Ledger">
      <Table<AdminLedgerRow>
        rowKey="Id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total,
          showSizeChanger: false,
          showTotal: (count) => `${count} entries`,
          onChange: onPage,
        }}
      />
    </Card>
  );
}
