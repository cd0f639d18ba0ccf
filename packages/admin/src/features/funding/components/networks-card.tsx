import {
  CURRENCY_AMOUNT_DECIMALS,
  FUNDING_FIELD_MAX,
  FUNDING_RATE_DECIMALS,
} from '@tradedesk/contract';
import type { NetworkConfig } from '@tradedesk/contract/admin';
import { Form, Switch, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/operator.ts';
import { type SaveNetwork, useSaveNetwork } from '../api/use-funding-config.ts';
import { toSaveParams } from '../lib/config-values.ts';
import { ConfigCard, EditButton, rowTestId } from './config-card.tsx';
import { ConfigFormModal } from './config-form-modal.tsx';
import { DecimalField } from './decimal-field.tsx';
import { DestinationText } from './destination-text.tsx';
import { EnabledTag } from './enabled-tag.tsx';
import { TextField } from './text-field.tsx';

type NetworkValues = Omit<SaveNetwork, 'id'>;

const NEW_NETWORK: Partial<NetworkValues> = { min: '0', enabled: true };

/** Where traders send crypto: a currency on a protocol, the address, its USD price. */
export function NetworksCard({ networks }: { networks: readonly NetworkConfig[] }) {
  const canEdit = useCan('saveNetwork');
  const save = useSaveNetwork();
  const [editing, setEditing] = useState<NetworkConfig | 'new'>();
  const current = editing === 'new' ? undefined : editing;

  const submit = (values: NetworkValues) =>
    save.mutate(toSaveParams(values, current?.id), {
      onSuccess: (saved) => {
        notify.success(`${saved.currency_code} on ${saved.protocol_code} saved`);
        setEditing(undefined);
      },
    });

  const columns: TableColumnsType<NetworkConfig> = [
    { title: 'Currency', dataIndex: 'currency_code' },
    { title: 'Protocol', dataIndex: 'protocol_code' },
    {
      title: 'Address',
      dataIndex: 'address',
      render: (address: string) => <DestinationText value={address} />,
    },
    { title: 'USD per unit', dataIndex: 'price_usd', align: 'right', className: 'amount' },
    { title: 'Minimum', dataIndex: 'min', align: 'right', className: 'amount' },
    { title: 'Status', dataIndex: 'enabled', render: (on: boolean) => <EnabledTag enabled={on} /> },
    ...(canEdit
      ? [
          {
            title: '',
            key: 'edit',
            align: 'right' as const,
            render: (_: unknown, row: NetworkConfig) => (
              <EditButton testId="network-edit" onClick={() => setEditing(row)} />
            ),
          },
        ]
      : []),
  ];

  return (
    <ConfigCard
      title="Deposit networks"
      hint="Crypto deposits: traders send the currency on the protocol to the address; approval credits amount × price in USD."
      addLabel="Add network"
      addTestId="network-add"
      canEdit={canEdit}
      onAdd={() => setEditing('new')}
    >
      <Table<NetworkConfig>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={[...networks]}
        pagination={false}
        onRow={rowTestId('network-row')}
      />
      <ConfigFormModal<NetworkValues>
        open={editing !== undefined}
        title={
          current
            ? `Edit ${current.currency_code} on ${current.protocol_code}`
            : 'Add a deposit network'
        }
        initialValues={current ?? NEW_NETWORK}
        pending={save.isPending}
        name="network"
        saveTestId="network-save"
        onSubmit={submit}
        onCancel={() => setEditing(undefined)}
      >
        <TextField name="currency_code" label="Currency" maxLength={FUNDING_FIELD_MAX.currency} />
        <TextField name="protocol_code" label="Protocol" maxLength={FUNDING_FIELD_MAX.currency} />
        <TextField
          name="address"
          label="Deposit address"
          maxLength={FUNDING_FIELD_MAX.address}
          extra="Traders see it with a QR code: check every character."
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
