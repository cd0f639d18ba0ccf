import type { Instrument } from '@tradedesk/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loginPathFrom, PATHS } from '../../../lib/route-paths.ts';
import { toast } from '../../../lib/toast.ts';
import { selectIsLoggedIn, useSessionStore } from '../../../stores/session-store.ts';
import { useSubmitOrder } from '../api/orders-api.ts';
import { findDraftProblem, type OrderDraft, toOrderRequest } from '../lib/order-draft.ts';

/**
 * Sends the order form: a visitor is sent to log in first, a draft that cannot go yet says
 * why, and a placed order refreshes the account and says where it went.
 */
export function usePlaceOrder(instrument: Instrument, draft: OrderDraft) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSessionStore(selectIsLoggedIn);
  const submitOrder = useSubmitOrder();
  // Placed, and its dialog's code still loading: the button stays held until the dialog shows.
  const [announcing, setAnnouncing] = useState(false);
  // One key per attempt: a retry of the same order after a lost answer cannot place two.
  const attempt = useRef<{ key: string; params: string } | null>(null);

  async function send(): Promise<void> {
    if (!loggedIn) {
      navigate(loginPathFrom(PATHS.trade));
      return;
    }
    const problem = findDraftProblem(draft, instrument, Date.now());
    if (problem) {
      toast.show({ content: t(problem.key, problem.values) });
      return;
    }
    const params = toOrderRequest(draft, instrument);
    const fingerprint = JSON.stringify(params);
    if (attempt.current?.params !== fingerprint)
      attempt.current = { key: crypto.randomUUID(), params: fingerprint };
    // The success dialog (antd-mobile's Dialog and its animation library) loads beside the
    // order, not with the form.
    const placedDialog = import('../components/order-placed-dialog.tsx');
    try {
      const order = await submitOrder.mutateAsync({ params, idempotencyKey: attempt.current.key });
      attempt.current = null;
      setAnnouncing(true);
      const { side, mode } = draft;
      const { showOrderPlaced } = await placedDialog;
      showOrderPlaced({ t, order, side, mode, precision: instrument.PricePrecision }, () =>
        navigate(PATHS.order, { state: { tab: mode === 'market' ? 'holding' : 'pending' } }),
      );
    } catch {
      // The client has toasted the refusal; the form keeps what was entered.
    } finally {
      setAnnouncing(false);
    }
  }

  return { send, sending: submitOrder.isPending || announcing };
}
