import { FUNDING_FIELD_MAX } from '@tradedesk/contract';
import type { WireConfig } from '@tradedesk/contract/admin';
import type { SaveWire } from '../api/use-funding-config.ts';
import { ConfigFormModal, type ConfigFormProps } from './config-form-modal.tsx';
import { DepositPriceFields } from './deposit-price-fields.tsx';
import { TextField } from './text-field.tsx';

export type WireValues = Omit<SaveWire, 'id'>;

const NEW_WIRE: Partial<WireValues> = { min: '0', enabled: true, bank_remark: '' };

/** A wire account's add or edit form: the bank, the payee, the price and the minimum. */
export function WireForm({
  open,
  current,
  pending,
  onSubmit,
  onCancel,
}: ConfigFormProps<WireConfig, WireValues>) {
  return (
    <ConfigFormModal<WireValues>
      open={open}
      title={current ? `Edit the ${current.currency} wire account` : 'Add a wire account'}
      initialValues={current ?? NEW_WIRE}
      pending={pending}
      name="wire"
      saveTestId="wire-save"
      onSubmit={onSubmit}
      onCancel={onCancel}
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
      <DepositPriceFields />
    </ConfigFormModal>
  );
}
