import type { NetworkConfig } from '@tradedesk/contract/admin';
import type { TableColumnsType } from 'antd';
import { useCan } from '../../../lib/operator.ts';
import { useSaveNetwork } from '../api/use-funding-config.ts';
import { useConfigEditor } from '../hooks/use-config-editor.ts';
import { ConfigCard } from './config-card.tsx';
import { DestinationText } from './destination-text.tsx';
import { NetworkForm, type NetworkValues } from './network-form.tsx';

const COLUMNS: TableColumnsType<NetworkConfig> = [
  { title: 'Currency', dataIndex: 'currency_code' },
  { title: 'Protocol', dataIndex: 'protocol_code' },
  {
    title: 'Address',
    dataIndex: 'address',
    render: (address: string) => <DestinationText value={address} />,
  },
  { title: 'USD per unit', dataIndex: 'price_usd', align: 'right', className: 'amount' },
  { title: 'Minimum', dataIndex: 'min', align: 'right', className: 'amount' },
];

/** Where traders send crypto: a currency on a protocol, the address, its USD price. */
export function NetworksCard({ networks }: { networks: readonly NetworkConfig[] }) {
  const canEdit = useCan('saveNetwork');
  const editor = useConfigEditor<NetworkConfig, NetworkValues, NetworkConfig>(
    useSaveNetwork(),
    (saved) => `${saved.currency_code} on ${saved.protocol_code} saved`,
  );
  return (
    <ConfigCard
      title="Deposit networks"
      hint="Crypto deposits: traders send the currency on the protocol to the address; approval credits amount × price in USD."
      addLabel="Add network"
      name="network"
      rows={networks}
      columns={COLUMNS}
      canEdit={canEdit}
      onAdd={editor.add}
      onEdit={editor.edit}
    >
      <NetworkForm {...editor.form} />
    </ConfigCard>
  );
}
