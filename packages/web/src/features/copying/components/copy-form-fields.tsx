import { COPY_LIMITS, USD_AMOUNT_DECIMALS } from '@tradedesk/contract';
import { Input, Stepper, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { cleanAmountInput } from '../../../lib/amount-text.ts';
import { type CopyDraft, stopEquityOf } from '../lib/copy-draft.ts';
import { formatStopLossFall, formatUsd, formatWholePercent } from '../lib/copy-figures.ts';

interface FieldProps {
  draft: CopyDraft;
  update(change: Partial<CopyDraft>): void;
}

/** The amount to copy with, in USD, over the free balance it is taken from. */
export function CopyAmountField({
  draft,
  update,
  freeBalance,
}: FieldProps & { freeBalance: number | undefined }) {
  const { t } = useTranslation();
  return (
    <>
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
        {t('copy.available')} <bdi>{freeBalance === undefined ? '—' : formatUsd(freeBalance)}</bdi>
      </p>
    </>
  );
}

/** The copy stop-loss, a share of the amount, and the equity at which it stops the copy. */
export function CopyStopLossField({ draft, update }: FieldProps) {
  const { t } = useTranslation();
  const stopEquity = stopEquityOf(draft.amount, draft.stopLossRate);
  return (
    <>
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
    </>
  );
}

/** Whether the leader's positions open now are copied too, or only what they open next. */
export function CopyOpenSwitch({ draft, update }: FieldProps) {
  const { t } = useTranslation();
  return (
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
  );
}
