import { type DrawCurrency, FUNDING_FIELD_MAX } from '@tradedesk/contract';
import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ChoiceChips } from './choice-chips.tsx';

/** The currency (and network) to withdraw in, among those of the withdrawal's type. */
export function WithdrawCurrencyChoice({
  currencies,
  chosenId,
  onChoose,
}: {
  currencies: readonly DrawCurrency[];
  chosenId: number;
  onChoose(id: number): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="funding-label">{t('withdraw.currency')}</h2>
      <ChoiceChips
        label={t('withdraw.currency')}
        options={currencies.map((c) => ({ value: c.id, label: c.code, description: c.protocol }))}
        value={chosenId}
        onChange={onChoose}
        testId="withdraw-currency"
      />
    </>
  );
}

/** An optional note to the desk that pays the withdrawal. */
export function WithdrawMemoField({
  value,
  onChange,
}: {
  value: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <Input
        name="memo"
        aria-label={t('withdraw.memo')}
        placeholder={t('withdraw.memo_placeholder')}
        value={value}
        onChange={onChange}
        maxLength={FUNDING_FIELD_MAX.memo}
        data-testid="withdraw-memo"
      />
    </div>
  );
}
