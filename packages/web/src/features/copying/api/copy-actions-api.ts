import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Copy, MyCopies } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { type CopyChange, copyConfirmation } from '../lib/copy-confirmations.ts';
import { COPYING_KEYS, refreshAfterCopyChange } from './copying-keys.ts';

/**
 * The follower's commands on one copy; each refreshes the copies and the balance. Pause,
 * resume and moving money say what they did (a toast), and the card shows the copy as the
 * answer has it at once, before the copies are read again.
 */

function useConfirmChange() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return (copy: Copy, change: CopyChange) => {
    showCopyAsAnswered(queryClient, copy);
    toast.show({ content: copyConfirmation(t, copy, change) });
  };
}

/** The answer's copy in place of the listed one. */
function showCopyAsAnswered(queryClient: QueryClient, copy: Copy): void {
  queryClient.setQueryData<MyCopies>(COPYING_KEYS.myCopies, (copies) =>
    copies ? { ...copies, data: copies.data.map((c) => (c.id === copy.id ? copy : c)) } : copies,
  );
}

/** Pause: the leader's new trades are skipped; closes and TP/SL changes still follow. */
export function usePauseCopy() {
  const queryClient = useQueryClient();
  const confirm = useConfirmChange();
  return useMutation({
    mutationFn: (copyId: number) => api('followPause', { copy_id: copyId }, { loading: true }),
    onSuccess: (copy) => confirm(copy, { kind: 'paused' }),
    onSettled: () => refreshAfterCopyChange(queryClient),
  });
}

/** Resume a paused copy: the leader's next trades are mirrored again. */
export function useResumeCopy() {
  const queryClient = useQueryClient();
  const confirm = useConfirmChange();
  return useMutation({
    mutationFn: (copyId: number) => api('followResume', { copy_id: copyId }, { loading: true }),
    onSuccess: (copy) => confirm(copy, { kind: 'resumed' }),
    onSettled: () => refreshAfterCopyChange(queryClient),
  });
}

/**
 * Moves money between the balance and a copy: `amount` is decimal text, positive to add from
 * the free balance, negative (a leading "-") to take back from the copy's free margin.
 */
export function useAddFunds() {
  const queryClient = useQueryClient();
  const confirm = useConfirmChange();
  return useMutation({
    mutationFn: ({ copyId, amount }: { copyId: number; amount: string }) =>
      api('followAddFunds', { copy_id: copyId, amount }, { loading: true }),
    onSuccess: (copy, { amount }) => confirm(copy, { kind: 'funds', amount }),
    onSettled: () => refreshAfterCopyChange(queryClient),
  });
}

/** Stop: the copy's positions close at market and its equity returns to the balance. */
export function useStopCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (copyId: number) => api('followStop', { copy_id: copyId }, { loading: true }),
    onSettled: () => refreshAfterCopyChange(queryClient),
  });
}
