import {
  type DrawCurrency,
  type DrawType,
  type RequestOf,
  USD_AMOUNT_DECIMALS,
} from '@tradedesk/contract';
import { Button, Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { amountToSend } from '../../../lib/amount-text.ts';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import { useAttemptKey } from '../../../lib/use-attempt-key.ts';
import { useDrawMethods } from '../api/methods-api.ts';
import { useRequestWithdrawal } from '../api/withdrawals-api.ts';
import { estimateWithdrawal } from '../lib/estimates.ts';
import { isMethodUsable } from '../lib/method-views.ts';
import { summarizeWithdrawal, type WithdrawSummary } from '../lib/withdraw-summary.ts';
import { AmountField } from './amount-field.tsx';
import { MethodChoice } from './method-choice.tsx';
import { WithdrawConfirm } from './withdraw-confirm.tsx';
import { WithdrawCurrencyChoice, WithdrawMemoField } from './withdraw-form-fields.tsx';
import { WithdrawTerms } from './withdraw-terms.tsx';

/** A withdrawal the form checked, waiting for the password in the confirmation dialog. */
interface PendingWithdrawal {
  params: Omit<RequestOf<'draw'>, 'password'>;
  summary: WithdrawSummary;
}

/**
 * A withdrawal of a type (coin or bank): currency, bound method, amount in USD with the fee
 * and what arrives, an optional memo (SPEC.md §5 Withdraw); sent once the confirmation dialog
 * has shown the figures and the destination and taken the account's password.
 */
export function WithdrawForm({
  type,
  currencies,
}: {
  type: DrawType;
  currencies: readonly DrawCurrency[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [currencyId, setCurrencyId] = useState<number | null>(null);
  const currency = currencies.find((c) => c.id === currencyId) ?? currencies[0];
  const { data: methods } = useDrawMethods(type, currency?.id ?? null);
  const [methodId, setMethodId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [pending, setPending] = useState<PendingWithdrawal | null>(null);
  const attempt = useAttemptKey();
  const requestWithdrawal = useRequestWithdrawal();

  if (!currency) return null;
  const now = Date.now();
  const usable = methods?.filter((m) => isMethodUsable(m, now)) ?? [];
  // The chosen method, else the first one withdrawals may go to now.
  const method = usable.find((m) => m.id === methodId) ?? usable[0] ?? null;
  const estimate = estimateWithdrawal(amount, currency);
  const bindPath = `${PATHS.withdrawWay}?type=${type}&draw_id=${currency.id}`;

  const offerToBind = async () => {
    const go = await confirmDialog({
      content: t('wallet.not_bind'),
      confirmText: t('wallet.go_bind'),
      cancelText: t('public.cancel'),
    });
    if (go) navigate(bindPath);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!methods) return;
    if (methods.length === 0) {
      void offerToBind();
      return;
    }
    if (!method) {
      // Every bound method is still cooling off: say when the first one unlocks.
      const first = [...methods].sort((a, b) => a.usable_at.localeCompare(b.usable_at))[0];
      Toast.show({
        content: t('withdraw.method_cooling', {
          time: formatLocalDateTime(first?.usable_at ?? ''),
        }),
      });
      return;
    }
    const number = amountToSend(amount);
    if (number === null) {
      Toast.show({ content: t('public.input_full') });
      return;
    }
    const params = {
      draw_currency_id: currency.id,
      number,
      draw_method_id: method.id,
      ...(memo.trim() ? { memo: memo.trim() } : {}),
    };
    setPending({
      params,
      summary: summarizeWithdrawal({ type, number, currency, method, estimate }),
    });
  };

  /**
   * Sends the confirmed withdrawal. The Idempotency-Key is the form's (the password is not
   * part of it): retyping a wrong password, or resending after a lost answer, reuses it.
   * A refusal rejects, and the dialog stays for another try or a cancel.
   */
  const confirm = async (password: string) => {
    if (!pending) return;
    const { params } = pending;
    await requestWithdrawal.mutateAsync({
      params: { ...params, password },
      idempotencyKey: attempt.keyFor(JSON.stringify(params)),
    });
    attempt.settle();
    setPending(null);
    setAmount('');
    setMemo('');
  };

  return (
    <>
      <form className="funding-form" onSubmit={submit} noValidate>
        <WithdrawCurrencyChoice
          currencies={currencies}
          chosenId={currency.id}
          onChoose={(id) => {
            setCurrencyId(id);
            setMethodId(null);
          }}
        />
        <h2 className="funding-label">
          {type === 1 ? t('withdraw.method_coin') : t('withdraw.method_bank')}
        </h2>
        {methods ? (
          <MethodChoice
            methods={methods}
            chosenId={method?.id ?? null}
            onChoose={setMethodId}
            onMissing={() => void offerToBind()}
            onAdd={() => navigate(bindPath)}
          />
        ) : null}
        <h2 className="funding-label">{t('withdraw.amount')}</h2>
        <AmountField
          value={amount}
          onChange={setAmount}
          decimals={USD_AMOUNT_DECIMALS}
          unit="USD"
          label={t('withdraw.amount')}
          placeholder={t('withdraw.amount_placeholder')}
          testId="withdraw-amount"
        />
        <WithdrawTerms currency={currency} estimate={estimate} />
        <WithdrawMemoField value={memo} onChange={setMemo} />
        <Button block type="submit" color="primary" size="large" data-testid="withdraw-submit">
          {t('withdraw.submit')}
        </Button>
      </form>
      {/* Outside the form: its own form's submit must not bubble (through the portal) to this one. */}
      <WithdrawConfirm
        summary={pending?.summary ?? null}
        busy={requestWithdrawal.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
