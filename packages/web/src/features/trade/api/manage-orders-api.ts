import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestOf } from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';
import { refreshAccount } from './orders-api.ts';

/**
 * Managing what is open (issue 40): moving a pending order, closing part of a position,
 * setting its trailing stop. Each toasts the server's word for what it did and refreshes the
 * account whether it worked or was refused, so the lists show what the server now holds.
 */

/** Moves a pending order: its price, its stops and its expiry; the reserve follows. */
export function useModifyPending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: RequestOf<'modifyPending'>) =>
      api('modifyPending', params, { loading: true, toastSuccess: true }),
    onSettled: () => {
      void refreshAccount(queryClient);
    },
  });
}

/** Closes `lots` of a position (less than all of it); the rest stays open under its id. */
export function useClosePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: RequestOf<'closePart'>) =>
      api('closePart', params, { loading: true, toastSuccess: true }),
    onSettled: () => {
      void refreshAccount(queryClient);
    },
  });
}

/** Sets a position's trailing stop, or removes it (distance 0). */
export function useSetTrailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: RequestOf<'setTrailing'>) =>
      api('setTrailing', params, { loading: true, toastSuccess: true }),
    onSettled: () => {
      void refreshAccount(queryClient);
    },
  });
}
