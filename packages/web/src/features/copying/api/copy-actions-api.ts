import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshAfterCopyChange } from './copying-keys.ts';

/** The follower's commands on one copy; each refreshes the copies and the balance. */

/** Pause: the leader's new trades are skipped; closes and TP/SL changes still follow. */
export function usePauseCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (copyId: number) => api('followPause', { copy_id: copyId }, { loading: true }),
    onSettled: () => refreshAfterCopyChange(queryClient),
  });
}

/** Resume a paused copy: the leader's next trades are mirrored again. */
export function useResumeCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (copyId: number) => api('followResume', { copy_id: copyId }, { loading: true }),
    onSettled: () => refreshAfterCopyChange(queryClient),
  });
}

/**
 * Moves money between the balance and a copy: `amount` is decimal text, positive to add from
 * the free balance, negative (a leading "-") to take back from the copy's free margin.
 */
export function useAddFunds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ copyId, amount }: { copyId: number; amount: string }) =>
      api('followAddFunds', { copy_id: copyId, amount }, { loading: true }),
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
