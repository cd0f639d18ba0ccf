import { DRAW_TYPES } from '@tradedesk/contract';
import type { DrawCurrencyConfig } from '@tradedesk/contract/admin';
import { Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/operator.ts';
import { useSaveDrawCurrency } from '../api/use-funding-config.ts';
import { toSaveParams } from '../lib/config-values.ts';
import { feeLabel, maxLabel } from '../lib/funding-format.ts';
import { ConfigCard, EditButton, rowTestId } from './config-card.tsx';
import { DrawCurrencyForm, type DrawCurrencyValues } from './draw-currency-form.tsx';
import { EnabledTag } from './enabled-tag.tsx';

/** The currencies traders may withdraw in, with their fee, rate and limits. */
export function DrawCurrenciesCard({ currencies }: { currencies: readonly DrawCurrencyConfig[] }) {
  const canEdit = useCan('saveDrawCurrency');
  const save = useSaveDrawCurrency();
  const [editing, setEditing] = useState<DrawCurrencyConfig | 'new'>();
  const current = editing === 'new' ? undefined : editing;

  const submit = (values: DrawCurrencyValues) =>
    save.mutate(toSaveParams(values, current?.id), {
      onSuccess: (saved) => {
        notify.success(`Withdrawals in ${saved.code} saved`);
        setEditing(undefined);
      },
    });

  const columns: TableColumnsType<DrawCurrencyConfig> = [
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
    { title: 'Status', dataIndex: 'enabled', render: (on: boolean) => <EnabledTag enabled={on} /> },
    ...(canEdit
      ? [
          {
            title: '',
            key: 'edit',
            align: 'right' as const,
            render: (_: unknown, row: DrawCurrencyConfig) => (
              <EditButton testId="draw-currency-edit" onClick={() => setEditing(row)} />
            ),
          },
        ]
      : []),
  ];

  return (
    <ConfigCard
      title="Withdrawal currencies"
      hint="What traders may withdraw in: the fee on the USD amount, the rate to the currency, the limits in USD."
      addLabel="Add currency"
      addTestId="draw-currency-add"
      canEdit={canEdit}
      onAdd={() => setEditing('new')}
    >
      <Table<DrawCurrencyConfig>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={[...currencies]}
        pagination={false}
        onRow={rowTestId('draw-currency-row')}
      />
      <DrawCurrencyForm
        open={editing !== undefined}
        current={current}
        pending={save.isPending}
        onSubmit={submit}
        onCancel={() => setEditing(undefined)}
      />
    </ConfigCard>
  );
}
