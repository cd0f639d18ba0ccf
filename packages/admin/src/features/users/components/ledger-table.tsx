import type { LedgerRow } from '@tradedesk/contract';
import { Card, Table, type TableColumnsType } from 'antd';
import { formatMoney } from '../../../lib/format.ts';
import { PAGE_SIZE } from '../../../lib/list-params.ts';

const columns: TableColumnsType<LedgerRow> = [
  { title: 'Time (UTC)', dataIndex: 'CreatedAtTran' },
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
  rows: readonly LedgerRow[];
  total: number;
  page: number;
  loading: boolean;
  onPage(page: number): void;
}

/** Every change of the trader's balance, newest first, a page at a time. */
export function LedgerTable({ rows, total, page, loading, onPage }: LedgerTableProps) {
  return (
    <Card title="Ledger">
      <Table<LedgerRow>
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
