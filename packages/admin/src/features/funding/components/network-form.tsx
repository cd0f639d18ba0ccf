import { FUNDING_FIELD_MAX } from '@tradedesk/contract';
import type { NetworkConfig } from '@tradedesk/contract/admin';
import type { SaveNetwork } from '../api/use-funding-config.ts';
import { ConfigFormModal, type ConfigFormProps } from './config-form-modal.tsx';
import { DepositPriceFields } from './deposit-price-fields.tsx';
import { TextField } from './text-field.tsx';

export type NetworkValues = Omit<SaveNetwork, 'id'>;

const NEW_NETWORK: Partial<NetworkValues> = { min: '0', enabled: true };

/** A deposit network's add or edit form: the currency, protocol, address, price and minimum. */
export function NetworkForm({
  open,
  current,
  pending,
  onSubmit,
  onCancel,
}: ConfigFormProps<NetworkConfig, NetworkValues>) {
  return (
    <ConfigFormModal<NetworkValues>
      open={open}
      title={
        current
          ? `Edit ${current.currency_code} on ${current.protocol_code}`
          : 'Add a deposit network'
      }
      initialValues={current ?? NEW_NETWORK}
      pending={pending}
      name="network"
      saveTestId="network-save"
      onSubmit={onSubmit}
      onCancel={onCancel}
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
      <DepositPriceFields />
    </ConfigFormModal>
  );
}
