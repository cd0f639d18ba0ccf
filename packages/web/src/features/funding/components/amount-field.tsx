import { Input } from 'antd-mobile';
import { cleanAmountInput } from '../../../lib/amount-text.ts';

/**
 * An amount as decimal text (never a float): digits and one point, no more decimals than the
 * currency carries, with the currency's code beside it.
 */
export function AmountField({
  value,
  onChange,
  decimals,
  unit,
  label,
  placeholder,
  testId,
}: {
  value: string;
  onChange(value: string): void;
  decimals: number;
  unit: string;
  label: string;
  placeholder: string;
  testId: string;
}) {
  return (
    <div className="field amount-field">
      <Input
        name="number"
        inputMode="decimal"
        autoComplete="off"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(text) => onChange(cleanAmountInput(text, decimals))}
        data-testid={testId}
      />
      <span className="amount-unit" dir="ltr">
        {unit}
      </span>
    </div>
  );
}
