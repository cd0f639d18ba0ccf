import { DRAW_TYPES } from '@tradedesk/contract';
import type { DrawCurrencyConfig } from '@tradedesk/contract/admin';
import { type TableColumnsType, Tag } from 'antd';
import { useCan } from '../../../lib/operator.ts';
import { useSaveDrawCurrency } from '../api/use-funding-config.ts';
import { useConfigEditor } from '../hooks/use-config-editor.ts';
import { feeLabel, maxLabel } from '../lib/funding-format.ts';
import { ConfigCard } from './config-card.tsx';
import { DrawCurrencyForm, type DrawCurrencyValues } from './draw-currency-form.tsx';

const COLUMNS: TableColumnsType<DrawCurrencyConfig> = [
  {
    title: 'Type',
    dataIndex: 'type',
    render: (type: number) =>
      type === DRAW_TYPES.bank ? <Tag color="cyan">bank</Tag> : <Tag color="blue">coin</Tag>,
  },
  { title: 'Code', dataIndex: 'code' },
  { title: 'Protocol', dataIndex: 'protocol', render: (p: string) => p || '—' },
  {
    title: 'Fee',
    key: 'fee',
    render: (_, row) => feeLabel(row.fee_type, row.draw_rate),
  },
  { title: 'Units per USD', dataIndex: 'usd_price', align: 'right', className: 'amount' },
  { title: 'Min (USD)', dataIndex: 'min', align: 'right', className: 'amount' },
  {
    title: 'Max (USD)',
    dataIndex: 'max',
    align: 'right',
    className: 'amount',
    render: maxLabel,
  },
];

/** The currencies traders may withdraw in, with their fee, rate and limits. */
export function DrawCurrenciesCard({ currencies }: { currencies: readonly DrawCurrencyConfig[] }) {
  const canEdit = useCan('saveDrawCurrency');
  const editor = useConfigEditor<DrawCurrencyConfig, DrawCurrencyValues, DrawCurrencyConfig>(
    useSaveDrawCurrency(),
    (saved) => `Withdrawals in ${saved.code} saved`,
  );
  return (
    <ConfigCard
      title="Withdrawal currencies"
      hint="What traders may withdraw in: the fee on the USD amount, the rate to the currency, the limits in USD."
      addLabel="Add currency"
      name="draw-currency"
      rows={currencies}
      columns={COLUMNS}
      canEdit={canEdit}
      onAdd={editor.add}
      onEdit={editor.edit}
    >
      <DrawCurrencyForm {...editor.form} />
    </ConfigCard>
  );
}
