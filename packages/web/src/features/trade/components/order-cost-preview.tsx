import { useTranslation } from 'react-i18next';
import { formatMoney, wireMicros } from '../../../lib/format.ts';
import { selectIsLoggedIn, useSessionStore } from '../../../stores/session-store.ts';
import { useForexDetail } from '../api/orders-api.ts';
import type { previewOrder } from '../lib/order-preview.ts';
import { ExactMoney } from './exact-money.tsx';

/**
 * What the order will cost before it is sent (SPEC.md §9): its margin and fee beside what the
 * account has available, to the cent, each exact a tap away. A visitor has no account, so no
 * available figure is asked for.
 */
export function OrderCostPreview({ preview }: { preview: ReturnType<typeof previewOrder> }) {
  const { t } = useTranslation();
  const loggedIn = useSessionStore(selectIsLoggedIn);
  const { data: detail } = useForexDetail(loggedIn);
  return (
    <dl className="order-preview" data-testid="order-preview">
      <dt>{t('trade.margin')}</dt>
      <dd data-testid="order-margin">
        {preview ? <ExactMoney value={wireMicros(preview.margin)} /> : '—'}
      </dd>
      <dt>{t('trade.fee')}</dt>
      <dd data-testid="order-fee">
        {preview ? <ExactMoney value={wireMicros(preview.fee)} /> : '—'}
      </dd>
      <dt>{t('trade.available')}</dt>
      <dd data-testid="order-available">
        {loggedIn && detail ? formatMoney(detail.available_assets) : '—'}
      </dd>
    </dl>
  );
}
