import { Button, CenterPopup, Input } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackCloses } from '../../../lib/use-back-closes.ts';
import type { WithdrawSummary } from '../lib/withdraw-summary.ts';

/** The figures read once more: what leaves, the fee, what arrives, and where it goes. */
function SummaryFigures({ summary }: { summary: WithdrawSummary }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="withdraw-estimate">
        <div>
          <dt>{t('withdraw.confirm_amount')}</dt>
          <dd dir="ltr" data-testid="withdraw-confirm-amount">
            {summary.amount} USD
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.fee')}</dt>
          <dd dir="ltr" data-testid="withdraw-confirm-fee">
            {summary.fee} USD
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.receive')}</dt>
          <dd dir="ltr" className="withdraw-receive" data-testid="withdraw-confirm-receive">
            {summary.receive} {summary.code}
          </dd>
        </div>
      </dl>
      <p className="withdraw-confirm-to">
        <span>
          {t('withdraw.confirm_to')} <span dir="ltr">{summary.currency}</span>
        </span>
        <span dir="ltr" className="withdraw-confirm-address" data-testid="withdraw-confirm-to">
          {summary.destination}
        </span>
      </p>
    </>
  );
}

/**
 * The last step of a withdrawal: the amount, the fee, what arrives and where, read once more,
 * and the account's password, which the server requires (a session alone moves no money).
 * `onConfirm` rejects when the server refused; the dialog then stays, its password cleared.
 * `busy` while the request is under way.
 */
export function WithdrawConfirm({
  summary,
  busy,
  onConfirm,
  onCancel,
}: {
  summary: WithdrawSummary | null;
  busy: boolean;
  onConfirm: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');

  const close = () => {
    setPassword('');
    onCancel();
  };
  useBackCloses(summary !== null, close);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !password) return;
    try {
      await onConfirm(password);
    } catch {
      // Toasted by the client; a wrong password is typed again here.
    } finally {
      setPassword('');
    }
  };

  return (
    <CenterPopup
      visible={summary !== null}
      onMaskClick={close}
      className="withdraw-confirm-popup"
      bodyClassName="withdraw-confirm"
      destroyOnClose
    >
      {summary ? (
        <form onSubmit={submit} noValidate data-testid="withdraw-confirm">
          <h3 className="withdraw-confirm-title">{t('withdraw.confirm_title')}</h3>
          <SummaryFigures summary={summary} />
          <div className="field">
            <Input
              type="password"
              name="password"
              aria-label={t('withdraw.confirm_password')}
              placeholder={t('withdraw.confirm_password')}
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              data-testid="withdraw-password"
            />
          </div>
          <div className="withdraw-confirm-actions">
            <Button block onClick={close} disabled={busy} data-testid="withdraw-cancel">
              {t('public.cancel')}
            </Button>
            <Button
              block
              type="submit"
              color="primary"
              loading={busy}
              disabled={!password}
              data-testid="withdraw-confirm-submit"
            >
              {t('public.confirm')}
            </Button>
          </div>
        </form>
      ) : null}
    </CenterPopup>
  );
}
