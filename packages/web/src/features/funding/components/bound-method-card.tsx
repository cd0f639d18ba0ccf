import { type BoundMethod, DRAW_TYPES } from '@tradedesk/contract';
import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { useDeleteMethod } from '../api/methods-api.ts';
import { maskAccount } from '../lib/mask-account.ts';
import { isMethodUsable } from '../lib/method-views.ts';

/**
 * One bound method on its list: currency, address or bank with the account's last digits,
 * whether withdrawals may go to it yet, and delete (with confirmation; the server refuses
 * while a withdrawal to it is open, and its message is toasted).
 */
export function BoundMethodCard({ method }: { method: BoundMethod }) {
  const { t } = useTranslation();
  const remove = useDeleteMethod();
  const usable = isMethodUsable(method, Date.now());
  const { code, protocol } = method.draw_currency;

  const confirmDelete = async () => {
    const ok = await confirmDialog({
      content: t('wallet.delete_confirm'),
      confirmText: t('wallet.delete'),
      cancelText: t('public.cancel'),
    });
    if (ok) await remove.mutateAsync(method.id).catch(() => {});
  };

  return (
    <article className="method-card" data-testid="bound-method" data-id={method.id}>
      <header className="record-head">
        <span className="record-title" dir="ltr">
          {[code, protocol].filter(Boolean).join(' · ')}
        </span>
        {usable ? (
          <Tag color="success" fill="outline">
            {t('wallet.usable')}
          </Tag>
        ) : (
          <Tag color="warning" fill="outline" data-testid="method-usable-at">
            {t('wallet.usable_from', { time: formatLocalDateTime(method.usable_at) })}
          </Tag>
        )}
      </header>
      {method.type === DRAW_TYPES.coin ? (
        <p className="method-address" dir="ltr" data-testid="method-address">
          {method.dc_address}
        </p>
      ) : (
        <dl className="record-facts">
          <div>
            <dt>{t('bank.name')}</dt>
            <dd dir="auto">{method.bank_name}</dd>
          </div>
          <div>
            <dt>{t('bank.payee_name')}</dt>
            <dd dir="auto">{method.payee_name}</dd>
          </div>
          <div>
            <dt>{t('bank.payee_account')}</dt>
            <dd dir="ltr" data-testid="method-account">
              {maskAccount(method.payee_account)}
            </dd>
          </div>
        </dl>
      )}
      <footer className="method-actions">
        <Button
          size="small"
          color="danger"
          fill="outline"
          onClick={confirmDelete}
          data-testid="method-delete"
        >
          {t('wallet.delete')}
        </Button>
      </footer>
    </article>
  );
}
