import { CURRENCY_AMOUNT_DECIMALS, FUNDING_RATE_DECIMALS } from '@tradedesk/contract';
import { Form, Switch } from 'antd';
import { DecimalField } from './decimal-field.tsx';

/** The last fields of a deposit channel (network or wire): its USD price, minimum, whether offered. */
export function DepositPriceFields() {
  return (
    <>
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
    </>
  );
}
