import { useQuery } from '@tanstack/react-query';
import { type Copy, USD_AMOUNT_DECIMALS } from '@tradedesk/contract';
import { Button, Input, Popup, Selector } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanAmountInput } from '../../../lib/amount-text.ts';
import { balanceQuery } from '../../../lib/balance-query.ts';
import { useBackCloses } from '../../../lib/use-back-closes.ts';
import { useAddFunds } from '../api/copy-actions-api.ts';
import { formatUsd } from '../lib/copy-figures.ts';
import { type FundsDirection, findFundsProblem, signedFundsAmount } from '../lib/funds-draft.ts';

function FundsForm({ copy, onDone }: { copy: Copy; onDone(): void }) {
  const { t } = useTranslation();
  const { data: balance } = useQuery({ ...balanceQuery, staleTime: 0 });
  const addFunds = useAddFunds();
  const [direction, setDirection] = useState<FundsDirection>('add');
  const [amount, setAmount] = useState('');
  const [checked, setChecked] = useState(false);
  const problem = findFundsProblem(direction, amount, {
    freeBalance: balance?.balance,
    copyEquity: copy.equity,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (problem || addFunds.isPending) return;
    try {
      await addFunds.mutateAsync({
        copyId: copy.id,
        amount: signedFundsAmount(direction, amount),
      });
      onDone();
    } catch {
      // Toasted by the client; the sheet stays with what was entered.
    }
  }

  return (
    <form className="copy-form" onSubmit={submit} noValidate data-testid="funds-sheet">
      <h2>
        {t('copy.funds_title')}
        <span className="copy-sheet-leader">
          <bdi>{copy.leader}</bdi>
        </span>
      </h2>
      <Selector
        className="funds-direction"
        columns={2}
        value={[direction]}
        onChange={(v) => v[0] && setDirection(v[0])}
        options={[
          { label: t('copy.add_funds'), value: 'add' as const },
          { label: t('copy.take_back'), value: 'take-back' as const },
        ]}
      />
      <label className="copy-field-label" htmlFor="funds-amount">
        {t('copy.amount')}
      </label>
      <div className="copy-amount">
        <Input
          id="funds-amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(text) => setAmount(cleanAmountInput(text, USD_AMOUNT_DECIMALS))}
          data-testid="funds-amount"
        />
        <span className="amount-unit" dir="ltr">
          USD
        </span>
      </div>
      <p className="copy-hint">
        {direction === 'add' ? (
          <>
            {t('copy.available')} <bdi>{balance ? formatUsd(balance.balance) : '—'}</bdi>
          </>
        ) : (
          <>
            {t('copy.equity')} <bdi>{formatUsd(copy.equity)}</bdi>
          </>
        )}
      </p>
      {checked && problem ? (
        <p className="copy-problem" role="alert" data-testid="funds-problem">
          {t(problem.key, problem.values)}
        </p>
      ) : null}
      <Button
        block
        color="primary"
        size="large"
        type="submit"
        loading={addFunds.isPending}
        data-testid="funds-confirm"
      >
        {t('public.confirm')}
      </Button>
    </form>
  );
}

/** Adds money to a copy from the free balance, or takes some back (a negative add_funds). */
export function FundsSheet({ copy, onClose }: { copy: Copy | null; onClose(): void }) {
  useBackCloses(copy !== null, onClose);
  return (
    <Popup
      visible={copy !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="copy-sheet"
      showCloseButton
      destroyOnClose
    >
      {copy ? <FundsForm copy={copy} onDone={onClose} /> : null}
    </Popup>
  );
}
