import { ORDER_STATUSES, ORDER_TYPES, type Order } from '@tradedesk/contract';
import { Card, Table, type TableColumnsType, Tag } from 'antd';
import { formatMoney } from '../../../lib/format.ts';
import { PAGE_SIZE } from '../../../lib/list-params.ts';

const price = (value: number, order: Order) =>
  value === 0 ? '—' : value.toFixed(order.ForexTradeLists.PricePrecision);

const columns: TableColumnsType<Order> = [
  { title: 'Id', dataIndex: 'Id' },
  { title: 'Instrument', key: 'instrument', render: (_, order) => order.ForexTradeLists.ShowCode },
  {
    title: 'Side',
    dataIndex: 'OrderType',
    render: (type: number) =>
      type === ORDER_TYPES.buy ? <Tag color="green">Buy</Tag> : <Tag color="red">Sell</Tag>,
  },
  {
    title: 'Status',
    dataIndex: 'Status',
    render: (status: number) =>
      status === ORDER_STATUSES.pending ? (
        <Tag color="gold">Pending</Tag>
      ) : (
        <Tag color="blue">Open position</Tag>
      ),
  },
  { title: 'Lots', dataIndex: 'Quantity', align: 'right', className: 'amount' },
  {
    title: 'Leverage',
    dataIndex: 'Multiple',
    align: 'right',
    render: (multiple: number) => (multiple > 0 ? `1:${multiple}` : 'fixed'),
  },
  {
    title: 'Price',
    dataIndex: 'Price',
    align: 'right',
    className: 'amount',
    render: (value: number, order) => price(value, order),
  },
  {
    title: 'Profit (USD)',
    dataIndex: 'FactProfits',
    align: 'right',
    className: 'amount',
    render: formatMoney,
  },
  {
    title: 'Margin (USD)',
    dataIndex: 'CautionMoney',
    align: 'right',
    className: 'amount',
    render: formatMoney,
  },
  { title: 'Opened (UTC)', dataIndex: 'CreateTimeHandler' },
];

/** Open positions and pending orders. */
export function OrdersTable({ orders }: { orders: readonly Order[] }) {
  return (
    <Card title={`Open orders (${orders.length})`}>
      <Table<Order>
        rowKey="Id"
        size="small"
        columns={columns}
        dataSource={orders}
        pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </Card>
  );
}
