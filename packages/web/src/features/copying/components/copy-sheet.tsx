import { useQuery } from '@tanstack/react-query';
import { COPY_LIMITS, USD_AMOUNT_DECIMALS } from '@tradedesk/contract';
import { Button, Input, Popup, Stepper, Switch } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cleanAmountInput } from '../../../lib/amount-text.ts';
import { balanceQuery } from '../../../lib/balance-query.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import { useAttemptKey } from '../../../lib/use-attempt-key.ts';
import { useCopyLeader } from '../api/copy-leader-api.ts';
import {
  type CopyDraft,
  findCopyDraftProblem,
  INITIAL_COPY_DRAFT,
  stopEquityOf,
  toCopyRequest,
} from '../lib/copy-draft.ts';
import { formatStopLossFall, formatUsd, formatWholePercent } from '../lib/copy-figures.ts';

interface Leader {
  id: number;
  user: string;
}

/**
 * The copy form: an amount from the free balance, the copy stop-loss, and whether to open
 * the leader's current positions too. Mounted afresh each time the sheet opens, so each
 * opening is one attempt with its own Idempotency-Key: a double tap, or a retry after a lost
 * answer, can never copy twice.
 */
function CopyForm({ leader }: { leader: Leader }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: balance } = useQuery({ ...balanceQuery, staleTime: 0 });
  const copyLeader = useCopyLeader();
  const attempt = useAttemptKey();
  const [draft, setDraft] = useState<CopyDraft>(INITIAL_COPY_DRAFT);
  // Problems show once Copy was tapped, then follow the fields as they change.
  const [checked, setChecked] = useState(false);
  const problem = findCopyDraftProblem(draft, balance?.balance);
  const stopEquity = stopEquityOf(draft.amount, draft.stopLossRate);
  const update = (change: Partial<CopyDraft>) => setDraft((d) => ({ ...d, ...change }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (problem || copyLeader.isPending) return;
    const params = toCopyRequest(leader.id, draft);
    try {
      await copyLeader.mutateAsync({
        params,
        idempotencyKey: attempt.keyFor(JSON.stringify(params)),
      });
      attempt.settle();
      navigate(PATHS.copies);
    } catch {
      // The client has toasted the server's refusal; the form keeps what was entered.
    }
  }

  return (
    <form className="copy-form" onSubmit={submit} noValidate data-testid="copy-sheet">
      <h2>
        {t('copy.sheet_title')}
        <span className="copy-sheet-leader">
          <bdi>{leader.user}</bdi>
        </span>
      </h2>

      <label className="copy-field-label" htmlFor="copy-amount">
        {t('copy.amount')}
      </label>
      <div className="copy-amount">
        <Input
          id="copy-amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('copy.amount_placeholder', { min: COPY_LIMITS.minAmount })}
          value={draft.amount}
          onChange={(text) => update({ amount: cleanAmountInput(text, USD_AMOUNT_DECIMALS) })}
          data-testid="copy-amount"
        />
        <span className="amount-unit" dir="ltr">
          USD
        </span>
      </div>
      <p className="copy-hint" data-testid="copy-available">
        {t('copy.available')} <bdi>{balance ? formatUsd(balance.balance) : '—'}</bdi>
      </p>

      <div className="copy-stop-row">
        <span className="copy-field-label" id="copy-stop-loss-label">
          {t('copy.stop_loss')}
        </span>
        <Stepper
          aria-labelledby="copy-stop-loss-label"
          min={COPY_LIMITS.minStopLossRate}
          max={COPY_LIMITS.maxStopLossRate}
          step={5}
          digits={0}
          value={draft.stopLossRate}
          onChange={(value) => update({ stopLossRate: value })}
          formatter={(value) => `${value ?? ''}%`}
          parser={(text) => Number.parseInt(text, 10)}
          data-testid="copy-stop-loss"
        />
      </div>
      <p className="copy-hint" data-testid="copy-stop-equity">
        {stopEquity === null
          ? t('copy.stop_loss_hint_empty', { share: formatWholePercent(draft.stopLossRate) })
          : t('copy.stop_loss_hint', {
              equity: formatUsd(stopEquity),
              loss: formatStopLossFall(draft.stopLossRate),
            })}
      </p>

      <div className="copy-open-row">
        <div>
          <span id="copy-open-label">{t('copy.copy_open')}</span>
          <small>{t('copy.copy_open_hint')}</small>
        </div>
        <Switch
          aria-labelledby="copy-open-label"
          checked={draft.copyOpen}
          onChange={(copyOpen) => update({ copyOpen })}
          data-testid="copy-open"
        />
      </div>

      {checked && problem ? (
        <p className="copy-problem" role="alert" data-testid="copy-problem">
          {t(problem.key, problem.values)}
        </p>
      ) : null}
      <Button
        block
        color="primary"
        size="large"
        type="submit"
        loading={copyLeader.isPending}
        data-testid="copy-confirm"
      >
        {t('copy.confirm')}
      </Button>
      <p className="copy-note">{t('copy.sheet_note')}</p>
    </form>
  );
}

/** The copy sheet over the profile; closed, its form is gone with its attempt. */
export function CopySheet({
  leader,
  open,
  onClose,
}: {
  leader: Leader;
  open: boolean;
  onClose(): void;
}) {
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="copy-sheet"
      showCloseButton
      destroyOnClose
    >
      {open ? <CopyForm leader={leader} /> : null}
    </Popup>
  );
}
