import type { WireConfig } from '@tradedesk/contract/admin';
import { type TableColumnsType, Typography } from 'antd';
import { orDash } from '../../../lib/format.ts';
import { useCan } from '../../../lib/operator.ts';
import { useSaveWire } from '../api/use-funding-config.ts';
import { useConfigEditor } from '../hooks/use-config-editor.ts';
import { ConfigCard } from './config-card.tsx';
import { WireForm, type WireValues } from './wire-form.tsx';

/** Two lines in one cell: a name above its detail. */
function Stacked({ main, detail }: { main: string; detail: string }) {
  return (
    <div className="trader-cell">
      <Typography.Text>{main}</Typography.Text>
      <Typography.Text type="secondary">{detail}</Typography.Text>
    </div>
  );
}

const COLUMNS: TableColumnsType<WireConfig> = [
  { title: 'Currency', dataIndex: 'currency' },
  {
    title: 'Bank',
    key: 'bank',
    render: (_, row) => (
      <Stacked main={row.bank_name} detail={`${row.bank_address} · SWIFT ${row.bank_swift}`} />
    ),
  },
  {
    title: 'Payee',
    key: 'payee',
    render: (_, row) => <Stacked main={row.payee_name} detail={row.payee_account} />,
  },
  { title: 'Remark', dataIndex: 'bank_remark', render: orDash },
  { title: 'USD per unit', dataIndex: 'price_usd', align: 'right', className: 'amount' },
  { title: 'Minimum', dataIndex: 'min', align: 'right', className: 'amount' },
];

/** The bank accounts traders wire money to, per currency. */
export function WiresCard({ wires }: { wires: readonly WireConfig[] }) {
  const canEdit = useCan('saveWire');
  const editor = useConfigEditor<WireConfig, WireValues, WireConfig>(
    useSaveWire(),
    (saved) => `${saved.currency} wire to ${saved.bank_name} saved`,
  );
  return (
    <ConfigCard
      title="Wire accounts"
      hint="Bank deposits: the account traders wire to in each currency; approval credits amount × price in USD."
      addLabel="Add wire account"
      name="wire"
      rows={wires}
      columns={COLUMNS}
      canEdit={canEdit}
      onAdd={editor.add}
      onEdit={editor.edit}
    >
      <WireForm {...editor.form} />
    </ConfigCard>
  );
}
