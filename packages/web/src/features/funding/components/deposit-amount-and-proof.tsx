import { CURRENCY_AMOUNT_DECIMALS } from '@tradedesk/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ImageSlotField } from '../../../components/ui/image-slot-field.tsx';
import type { ImageSlot } from '../../../components/ui/use-image-slot.ts';
import { formatWireAmount } from '../lib/decimal-text.ts';
import { AmountField } from './amount-field.tsx';

/**
 * What every deposit form ends with, crypto or wire: the amount in the currency with its USD
 * estimate and minimum, one proof image, and the submit button. `testPrefix` keeps each form's
 * test ids (charge-*, wire-*).
 */
export function DepositAmountAndProof(props: {
  testPrefix: 'charge' | 'wire';
  currency: string;
  amount: string;
  onAmountChange(amount: string): void;
  /** The USD estimate, or null while the amount is not a number. */
  usd: string | null;
  /** Smallest amount accepted, in the currency; 0 for none. */
  min: number;
  proof: ImageSlot;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { testPrefix, currency, usd, min, proof } = props;
  return (
    <>
      <h2 className="funding-label">{t('charge.amount', { currency })}</h2>
      <AmountField
        value={props.amount}
        onChange={props.onAmountChange}
        decimals={CURRENCY_AMOUNT_DECIMALS}
        unit={currency}
        label={t('charge.amount', { currency })}
        placeholder={t('charge.amount_placeholder')}
        testId={`${testPrefix}-amount`}
      />
      <p className="funding-hint">
        {usd !== null ? (
          <span>
            ≈{' '}
            <span dir="ltr" data-testid={`${testPrefix}-usd`}>
              {usd} USD
            </span>
          </span>
        ) : null}
        {min > 0 ? (
          <span>
            {t('charge.min_amount', {
              amount: formatWireAmount(min, CURRENCY_AMOUNT_DECIMALS),
              currency,
            })}
          </span>
        ) : null}
      </p>
      <h2 className="funding-label">{t('charge.proof')}</h2>
      <ImageSlotField slot={proof} label={t('charge.proof_label')} testId={`${testPrefix}-proof`} />
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        disabled={props.busy || proof.uploading}
        data-testid={`${testPrefix}-submit`}
      >
        {t('charge.submit')}
      </Button>
    </>
  );
}
