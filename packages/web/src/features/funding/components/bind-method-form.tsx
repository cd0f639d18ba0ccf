import { type DrawCurrency, type DrawType, FUNDING_FIELD_MAX } from '@tradedesk/contract';
import { Button, Input, Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { useBindMethod } from '../api/methods-api.ts';
import { isMethodUsable } from '../lib/method-views.ts';
import { ChoiceChips } from './choice-chips.tsx';
import { CoolingNote } from './cooling-note.tsx';

type BankField =
  | 'bank_name'
  | 'bank_address'
  | 'bank_swift'
  | 'payee_name'
  | 'payee_account'
  | 'currency'
  | 'remark';

/** The bank form's fields in the order a bank's own form asks them; SPEC.md §5 requires five. */
const BANK_FIELDS: readonly {
  name: BankField;
  label: string;
  max: number;
  required: boolean;
  ltr?: boolean;
}[] = [
  { name: 'bank_name', label: 'bank.name', max: FUNDING_FIELD_MAX.bankName, required: true },
  {
    name: 'bank_address',
    label: 'bank.address',
    max: FUNDING_FIELD_MAX.bankAddress,
    required: true,
  },
  {
    name: 'bank_swift',
    label: 'bank.swift',
    max: FUNDING_FIELD_MAX.swift,
    required: true,
    ltr: true,
  },
  {
    name: 'payee_name',
    label: 'bank.payee_name',
    max: FUNDING_FIELD_MAX.payeeName,
    required: true,
  },
  {
    name: 'payee_account',
    label: 'bank.payee_account',
    max: FUNDING_FIELD_MAX.payeeAccount,
    required: true,
    ltr: true,
  },
  {
    name: 'currency',
    label: 'bank.beneficiary_currency',
    max: FUNDING_FIELD_MAX.currency,
    required: false,
    ltr: true,
  },
  { name: 'remark', label: 'bank.remark', max: FUNDING_FIELD_MAX.remark, required: false },
];

const EMPTY_BANK: Readonly<Record<BankField, string>> = {
  bank_name: '',
  bank_address: '',
  bank_swift: '',
  payee_name: '',
  payee_account: '',
  currency: '',
  remark: '',
};

const testIdOf = (name: BankField) => `bind-${name.replace(/_/g, '-')}`;
const currencyLabel = (c: DrawCurrency) => [c.code, c.protocol].filter(Boolean).join(' · ');

/**
 * Binds a withdrawal method: a crypto address (type 1) or a bank account (type 2) for one
 * withdrawal currency. `onBound` runs after the server accepted it.
 */
export function BindMethodForm({
  type,
  currencies,
  initialCurrencyId,
  onBound,
}: {
  type: DrawType;
  currencies: readonly DrawCurrency[];
  initialCurrencyId: number | null;
  onBound(): void;
}) {
  const { t } = useTranslation();
  const [currencyId, setCurrencyId] = useState<number | null>(initialCurrencyId);
  const currency = currencies.find((c) => c.id === currencyId) ?? currencies[0];
  const [address, setAddress] = useState('');
  const [bank, setBank] = useState<Record<BankField, string>>({ ...EMPTY_BANK });
  const bind = useBindMethod();

  if (!currency) return null;
  // The beneficiary's currency is the withdrawal's unless the trader says otherwise.
  const bankValue = (name: BankField) =>
    name === 'currency' && bank.currency === '' ? currency.code : bank[name];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (bind.isPending) return;
    const missing =
      type === 1
        ? !address.trim()
        : BANK_FIELDS.some((field) => field.required && !bank[field.name].trim());
    if (missing) {
      Toast.show({ content: t('public.input_full') });
      return;
    }
    const details =
      type === 1
        ? { dc_address: address.trim() }
        : Object.fromEntries(
            BANK_FIELDS.map((field) => [field.name, bankValue(field.name).trim()]),
          );
    try {
      const method = await bind.mutateAsync({ type, draw_id: currency.id, ...details });
      Toast.show({
        content: isMethodUsable(method, Date.now())
          ? t('wallet.bound')
          : t('wallet.bound_cooling', { time: formatLocalDateTime(method.usable_at) }),
        duration: 4000,
      });
      onBound();
    } catch {
      // Toasted by the client; the form keeps what was entered.
    }
  };

  return (
    <form className="funding-form" onSubmit={submit} noValidate>
      <h2 className="funding-label">{t('withdraw.currency')}</h2>
      <ChoiceChips
        label={t('withdraw.currency')}
        options={currencies.map((c) => ({ value: c.id, label: c.code, description: c.protocol }))}
        value={currency.id}
        onChange={setCurrencyId}
        testId="bind-currency"
      />
      {type === 1 ? (
        <div className="form-row">
          <span className="funding-label">{t('wallet.address')}</span>
          <span className="field">
            <Input
              name="dc_address"
              aria-label={t('wallet.address')}
              placeholder={t('wallet.address_placeholder', { currency: currencyLabel(currency) })}
              value={address}
              onChange={setAddress}
              autoComplete="off"
              autoCapitalize="off"
              maxLength={FUNDING_FIELD_MAX.address}
              data-testid="bind-address"
            />
          </span>
        </div>
      ) : (
        BANK_FIELDS.map((field) => (
          <div className="form-row" key={field.name}>
            <span className="funding-label">
              {t(field.label)}
              {field.required ? null : (
                <span className="optional-mark"> ({t('public.optional')})</span>
              )}
            </span>
            <span className="field" dir={field.ltr ? 'ltr' : undefined}>
              <Input
                name={field.name}
                aria-label={t(field.label)}
                value={bankValue(field.name)}
                onChange={(value) => setBank({ ...bank, [field.name]: value })}
                autoComplete="off"
                maxLength={field.max}
                data-testid={testIdOf(field.name)}
              />
            </span>
          </div>
        ))
      )}
      <CoolingNote type={type} />
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        disabled={bind.isPending}
        data-testid="bind-submit"
      >
        {t('wallet.bind_submit')}
      </Button>
    </form>
  );
}
