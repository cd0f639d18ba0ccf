import {
  CURRENCY_AMOUNT_DECIMALS,
  FUNDING_FIELD_MAX,
  FUNDING_RATE_DECIMALS,
} from '@tradedesk/contract';
import type { WireConfig } from '@tradedesk/contract/admin';
import { Form, Switch, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { orDash } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/operator.ts';
import { type SaveWire, useSaveWire } from '../api/use-funding-config.ts';
import { toSaveParams } from '../lib/config-values.ts';
import { ConfigCard, EditButton, rowTestId } from './config-card.tsx';
import { ConfigFormModal } from './config-form-modal.tsx';
import { DecimalField } from './decimal-field.tsx';
import { EnabledTag } from './enabled-tag.tsx';
import { TextField } from './text-field.tsx';

type WireValues = Omit<SaveWire, 'id'>;

const NEW_WIRE: Partial<WireValues> = { min: '0', enabled: true, bank_remark: '' };

/** Two lines in one cell: a name above its detail. */
function Stacked({ main, detail }: { main: string; detail: string }) {
  return (
    <div className="trader-cell">
      <Typography.Text>{main}</Typography.Text>
      <Typography.Text type="secondary">{detail}</Typography.Text>
    </div>
  );
}

/** The bank accounts traders wire money to, per currency. */
export function WiresCard({ wires }: { wires: readonly WireConfig[] }) {
  const canEdit = useCan('saveWire');
  const save = useSaveWire();
  const [editing, setEditing] = useState<WireConfig | 'new'>();
  const current = editing === 'new' ? undefined : editing;

  const submit = (values: WireValues) =>
    save.mutate(toSaveParams(values, current?.id), {
      onSuccess: (saved) => {
        notify.success(`${saved.currency} wire to ${saved.bank_name} saved`);
        setEditing(undefined);
      },
    });

  const columns: TableColumnsType<WireConfig> = [
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
    { title: 'Status', dataIndex: 'enabled', render: (on: boolean) => <EnabledTag enabled={on} /> },
    ...(canEdit
      ? [
          {
            title: '',
            key: 'edit',
            align: 'right' as const,
            render: (_: unknown, row: WireConfig) => (
              <EditButton testId="wire-edit" onClick={() => setEditing(row)} />
            ),
          },
        ]
      : []),
  ];

  return (
    <ConfigCard
      title="Wire accounts"
      hint="Bank deposits: the account traders wire to in each currency; approval credits amount × price in USD."
      addLabel="Add wire account"
      addTestId="wire-add"
      canEdit={canEdit}
      onAdd={() => setEditing('new')}
    >
      <Table<WireConfig>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={[...wires]}
        pagination={false}
        onRow={rowTestId('wire-row')}
      />
      <ConfigFormModal<WireValues>
        open={editing !== undefined}
        title={current ? `Edit the ${current.currency} wire account` : 'Add a wire account'}
        initialValues={current ?? NEW_WIRE}
        pending={save.isPending}
        name="wire"
        saveTestId="wire-save"
        onSubmit={submit}
        onCancel={() => setEditing(undefined)}
      >
        <TextField name="currency" label="Currency" maxLength={FUNDING_FIELD_MAX.currency} />
        <TextField name="bank_swift" label="SWIFT / BIC" maxLength={FUNDING_FIELD_MAX.swift} />
        <TextField name="bank_name" label="Bank name" maxLength={FUNDING_FIELD_MAX.bankName} wide />
        <TextField
          name="bank_address"
          label="Bank address"
          maxLength={FUNDING_FIELD_MAX.bankAddress}
          wide
        />
        <TextField name="payee_name" label="Payee name" maxLength={FUNDING_FIELD_MAX.payeeName} />
        <TextField
          name="payee_account"
          label="Payee account (IBAN or number)"
          maxLength={FUNDING_FIELD_MAX.payeeAccount}
        />
        <TextField
          name="bank_remark"
          label="Remark for the trader"
          maxLength={FUNDING_FIELD_MAX.remark}
          required={false}
          extra="E.g. the reference to quote with the transfer."
          wide
        />
        <DecimalField
          name="price_usd"
          label="Price (USD per unit)"
          rule={{ maxDecimals: FUNDING_RATE_DECIMALS, positive: true }}
        />
        <DecimalField
          name="min"
          label="Minimum deposit (in the currency)"
          extra="0 for none."
          rule={{ maxDecimals: CURRENCY_AMOUNT_DECIMALS }}
        />
        <Form.Item name="enabled" label="Offered to traders" valuePropName="checked">
          <Switch />
        </Form.Item>
      </ConfigFormModal>
    </ConfigCard>
  );
}
