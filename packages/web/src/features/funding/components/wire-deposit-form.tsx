import type { WireCurrency, WireOption } from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageSlot } from '../../../components/ui/use-image-slot.ts';
import { useSubmitWireDeposit, useWireOptions } from '../api/deposits-api.ts';
import { estimateDepositUsd } from '../lib/estimates.ts';
import { maskAccount } from '../lib/mask-account.ts';
import { ChoiceChips } from './choice-chips.tsx';
import { CopyRow } from './copy-row.tsx';
import { DepositAmountAndProof } from './deposit-amount-and-proof.tsx';
import { checkDepositForm } from './deposit-form-checks.ts';
import { OptionCard } from './option-card.tsx';

/** The bank account's details the trader types into their own bank's transfer form. */
function WireDetails({ option }: { option: WireOption }) {
  const { t } = useTranslation();
  return (
    <section className="wire-details" data-testid="wire-details">
      <CopyRow label={t('bank.name')} value={option.bank_name} testId="wire-bank-name" />
      <CopyRow label={t('bank.address')} value={option.bank_address} testId="wire-bank-address" />
      <CopyRow label={t('bank.swift')} value={option.bank_swift} testId="wire-swift" ltr />
      <CopyRow label={t('bank.payee_name')} value={option.payee_name} testId="wire-payee-name" />
      <CopyRow
        label={t('bank.payee_account')}
        value={option.payee_account}
        testId="wire-payee-account"
        ltr
      />
      {option.bank_remark ? (
        <CopyRow label={t('bank.remark')} value={option.bank_remark} testId="wire-remark" />
      ) : null}
    </section>
  );
}

/** The accounts a wire in one currency may go to; none is chosen until the trader taps one. */
function WireOptionList(props: {
  options: readonly WireOption[];
  chosenId: number | null;
  onChoose(id: number): void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="option-list">
      <legend className="visually-hidden">{t('charge.choose_bank')}</legend>
      {props.options.map((option) => (
        <OptionCard
          key={option.id}
          name="wire"
          checked={option.id === props.chosenId}
          onChoose={() => props.onChoose(option.id)}
          testId="wire-option"
          id={option.id}
        >
          <span className="option-title" dir="auto">
            {option.bank_name}
          </span>
          <span className="option-detail" dir="ltr">
            {option.payee_name} · {maskAccount(option.payee_account)}
          </span>
        </OptionCard>
      ))}
    </fieldset>
  );
}

/** A bank wire: the currency, the account to send to, the amount and the proof (SPEC.md §5). */
export function WireDepositForm({ currencies }: { currencies: readonly WireCurrency[] }) {
  const { t } = useTranslation();
  const [chosenCode, setChosenCode] = useState<string | null>(null);
  const currency = currencies.find((c) => c.code === chosenCode) ?? currencies[0];
  const { data: options } = useWireOptions(currency?.code ?? null);
  const [chosenWire, setChosenWire] = useState<{ code: string; id: number } | null>(null);
  // A choice belongs to its currency: switching currency asks for a choice again.
  const wire =
    chosenWire && chosenWire.code === currency?.code
      ? (options?.find((o) => o.id === chosenWire.id) ?? null)
      : null;
  const [amount, setAmount] = useState('');
  const proof = useImageSlot();
  const submitDeposit = useSubmitWireDeposit();

  if (!currency) return null;
  const code = wire?.currency || currency.code;
  const usd = estimateDepositUsd(amount, wire?.price_usd ?? currency.price_usd);
  const min = wire?.min ?? 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (proof.uploading || submitDeposit.isPending) return;
    if (!wire) {
      Toast.show({ content: t('withdraw.no_pay_way') });
      return;
    }
    const number = checkDepositForm(t, amount, proof);
    if (number === null) return;
    try {
      await submitDeposit.mutateAsync({ number, proofImg: proof.url, wire_id: wire.id });
      setAmount('');
      proof.clear();
    } catch {
      // Toasted by the client; the form keeps what was entered.
    }
  };

  return (
    <form className="funding-form" onSubmit={submit} noValidate>
      <h2 className="funding-label">{t('charge.wire_currency')}</h2>
      <ChoiceChips
        label={t('charge.wire_currency')}
        options={currencies.map((c) => ({ value: c.code, label: c.code }))}
        value={currency.code}
        onChange={setChosenCode}
        testId="wire-currency"
      />
      <h2 className="funding-label">{t('charge.choose_bank')}</h2>
      {options && options.length === 0 ? (
        <p className="empty-note" data-testid="wire-no-channel">
          {t('funding.no_channel')}
        </p>
      ) : (
        <WireOptionList
          options={options ?? []}
          chosenId={wire?.id ?? null}
          onChoose={(id) => setChosenWire({ code: currency.code, id })}
        />
      )}
      {wire ? <WireDetails option={wire} /> : null}
      <DepositAmountAndProof
        testPrefix="wire"
        currency={code}
        amount={amount}
        onAmountChange={setAmount}
        usd={usd}
        min={min}
        proof={proof}
        busy={submitDeposit.isPending}
      />
    </form>
  );
}
