import {
  DRAW_TYPES,
  FUNDING_FIELD_MAX,
  FUNDING_RATE_DECIMALS,
  USD_AMOUNT_DECIMALS,
  WITHDRAW_FEE_TYPES,
} from '@tradedesk/contract';
import type { DrawCurrencyConfig } from '@tradedesk/contract/admin';
import { Form, Radio, Switch } from 'antd';
import type { SaveDrawCurrency } from '../api/use-funding-config.ts';
import { maxBelowMinProblem } from '../lib/decimal-text.ts';
import { ConfigFormModal, type ConfigFormProps } from './config-form-modal.tsx';
import { DecimalField } from './decimal-field.tsx';
import { TextField } from './text-field.tsx';

export type DrawCurrencyValues = Omit<SaveDrawCurrency, 'id'>;

const NEW_CURRENCY: Partial<DrawCurrencyValues> = {
  type: DRAW_TYPES.coin,
  fee_type: WITHDRAW_FEE_TYPES.fixed,
  draw_rate: '0',
  min: '0',
  max: '0',
  enabled: true,
  protocol: '',
};

const TYPE_OPTIONS = [
  { value: DRAW_TYPES.coin, label: 'Crypto address' },
  { value: DRAW_TYPES.bank, label: 'Bank account' },
];
const FEE_TYPE_OPTIONS = [
  { value: WITHDRAW_FEE_TYPES.fixed, label: 'Fixed USD' },
  { value: WITHDRAW_FEE_TYPES.rate, label: 'Rate of the amount' },
];

/** The fee field reads by its type: a USD amount, or a rate multiplying the amount. */
function FeeField() {
  const feeType = Form.useWatch<number>('fee_type');
  const fixed = feeType === WITHDRAW_FEE_TYPES.fixed;
  return (
    <DecimalField
      name="draw_rate"
      label={fixed ? 'Fee (USD per withdrawal)' : 'Fee rate (× the USD amount)'}
      extra={fixed ? undefined : 'E.g. 0.005 for 0.5 %.'}
      dependencies={['fee_type']}
      rule={{ maxDecimals: fixed ? USD_AMOUNT_DECIMALS : FUNDING_RATE_DECIMALS }}
    />
  );
}

export function DrawCurrencyForm({
  open,
  current,
  pending,
  onSubmit,
  onCancel,
}: ConfigFormProps<DrawCurrencyConfig, DrawCurrencyValues>) {
  const initialValues: Partial<DrawCurrencyValues> = current
    ? {
        ...current,
        type: current.type === DRAW_TYPES.bank ? DRAW_TYPES.bank : DRAW_TYPES.coin,
        fee_type:
          current.fee_type === WITHDRAW_FEE_TYPES.fixed
            ? WITHDRAW_FEE_TYPES.fixed
            : WITHDRAW_FEE_TYPES.rate,
      }
    : NEW_CURRENCY;
  return (
    <ConfigFormModal<DrawCurrencyValues>
      open={open}
      title={current ? `Edit withdrawals in ${current.code}` : 'Add a withdrawal currency'}
      initialValues={initialValues}
      pending={pending}
      name="draw_currency"
      saveTestId="draw-currency-save"
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <Form.Item name="type" label="Paid to" className="config-form-wide">
        <Radio.Group optionType="button" options={TYPE_OPTIONS} />
      </Form.Item>
      <TextField name="code" label="Currency code" maxLength={FUNDING_FIELD_MAX.currency} />
      <TextField
        name="protocol"
        label="Protocol"
        maxLength={FUNDING_FIELD_MAX.currency}
        required={false}
        extra="For crypto, e.g. TRC20; empty for a bank currency."
      />
      <Form.Item name="fee_type" label="Fee">
        <Radio.Group optionType="button" options={FEE_TYPE_OPTIONS} />
      </Form.Item>
      <FeeField />
      <DecimalField
        name="usd_price"
        label="Units of the currency per USD"
        extra="What the trader receives: (amount − fee) × this."
        rule={{ maxDecimals: FUNDING_RATE_DECIMALS, positive: true }}
      />
      <Form.Item name="enabled" label="Offered to traders" valuePropName="checked">
        <Switch />
      </Form.Item>
      <DecimalField name="min" label="Minimum (USD)" rule={{ maxDecimals: USD_AMOUNT_DECIMALS }} />
      <DecimalField
        name="max"
        label="Maximum (USD)"
        extra="0 for no maximum."
        dependencies={['min']}
        rule={{ maxDecimals: USD_AMOUNT_DECIMALS }}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: unknown) => {
              const problem = maxBelowMinProblem(
                String(getFieldValue('min') ?? ''),
                typeof value === 'string' ? value : '',
              );
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          }),
        ]}
      />
    </ConfigFormModal>
  );
}
