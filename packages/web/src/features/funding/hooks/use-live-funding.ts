import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../stores/session-store.ts';

/**
 * The desk's decisions on my deposits and withdrawals, live while logged in (FUNDING): each
 * new one is toasted wherever the trader is and kept for the notice list, and the deposit and
 * withdrawal lists, the balance and the ledger are read again, so that an open withdrawal
 * page says "Paid" without a reload (lib/live-funding.ts). What does it loads after the
 * first screen: no first screen needs it before the socket is up.
 */
export function useLiveFunding(): void {
  const queryClient = useQueryClient();
  const userId = useSessionStore((s) => s.user?.id);
  const { t } = useTranslation();
  // The language of the moment the decision arrives, without subscribing again on a change.
  const translate = useRef(t);
  translate.current = t;
  useEffect(() => {
    if (userId === undefined) return;
    let stop: (() => void) | undefined;
    let ended = false;
    void import('../lib/live-funding.ts').then(({ followFunding }) => {
      if (!ended) stop = followFunding({ queryClient, userId, translate: () => translate.current });
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [queryClient, userId]);
}
