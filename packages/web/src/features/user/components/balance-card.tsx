import { Button } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { AccountFigures } from '../../../components/ui/account-figures.tsx';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { formatMoney } from '../../../lib/format.ts';
import { usePreferences } from '../../../stores/preferences-store.ts';
import { useAccountFigures, useBalance, useResetDemo } from '../api/account-api.ts';

/**
 * The available balance (what margin and reserves left), with the account's figures under it and the hide toggle over
 * both; a demo account can start over (with confirmation).
 */
export function BalanceCard({ isDemo }: { isDemo: boolean }) {
  const { t } = useTranslation();
  const { data } = useBalance();
  const { data: figures } = useAccountFigures();
  const hidden = usePreferences((s) => s.hideBalance);
  const toggle = usePreferences((s) => s.toggleBalance);
  const reset = useResetDemo();

  const confirmReset = async () => {
    const ok = await confirmDialog({
      content: t('user.reset_demo_confirm'),
      confirmText: t('public.confirm'),
      cancelText: t('public.cancel'),
    });
    if (ok) await reset.mutateAsync().catch(() => {});
  };

  return (
    <section className="balance-card" data-testid="balance-card">
      <div className="balance-label">
        {t('account.balance_after_margin')} (USD)
        <button
          type="button"
          className="balance-toggle"
          onClick={toggle}
          aria-label={hidden ? t('user.show_balance') : t('user.hide_balance')}
        >
          {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
        </button>
      </div>
      <div className="balance-value" data-testid="balance-value">
        {hidden ? '******' : data ? formatMoney(data.balance) : '—'}
      </div>
      {data && data.lock_balance > 0 && !hidden ? (
        <div className="balance-locked">
          {t('user.locked')} {formatMoney(data.lock_balance)}
        </div>
      ) : null}
      <div className="balance-figures">
        <AccountFigures
          detail={figures}
          idPrefix="account"
          tone="light"
          hidden={hidden}
          withBalance={false}
        />
      </div>
      {isDemo ? (
        <Button
          size="small"
          fill="outline"
          className="reset-demo"
          onClick={confirmReset}
          data-testid="reset-demo"
        >
          {t('user.reset_demo')}
        </Button>
      ) : null}
    </section>
  );
}
