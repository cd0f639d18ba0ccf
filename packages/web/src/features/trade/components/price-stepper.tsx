import { Button, Input } from 'antd-mobile';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { isLotsDraft } from '../lib/lot-steps.ts';
import { stepPrice } from '../lib/pending-edit.ts';

/**
 * A price at the instrument's precision, a point down or up a tap away (MT5's order window
 * steps a price by one point), kept as the typed decimal text that is sent. `id` is the
 * field's, for the label beside it.
 */
export function PriceStepper(props: {
  id: string;
  value: string;
  /** Where the steps start when the field holds no price. */
  fallback: number;
  precision: number;
  testId: string;
  onChange(price: string): void;
}) {
  const { t } = useTranslation();
  const { value, onChange, precision, fallback } = props;
  return (
    <div className="lots-stepper price-stepper" data-testid={props.testId}>
      <Button
        fill="none"
        aria-label={t('order.price_decrease')}
        onClick={() => onChange(stepPrice(value, fallback, precision, -1))}
        data-testid={`${props.testId}-down`}
      >
        <MinusOutline />
      </Button>
      <Input
        id={props.id}
        inputMode="decimal"
        value={value}
        onChange={(text) => isLotsDraft(text) && onChange(text)}
      />
      <Button
        fill="none"
        aria-label={t('order.price_increase')}
        onClick={() => onChange(stepPrice(value, fallback, precision, 1))}
        data-testid={`${props.testId}-up`}
      >
        <AddOutline />
      </Button>
    </div>
  );
}
