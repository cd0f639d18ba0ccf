import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, type RequestOf } from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';
import { refreshAfterCopyChange } from './copying-keys.ts';

/**
 * Starts copying a leader (POST /api/follow/copy). The Idempotency-Key belongs to the attempt
 * (the caller keeps it): a double tap or a retry after a lost answer sends the same key, and
 * the server answers with the copy the first one made instead of copying twice.
 */
export function useCopyLeader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      params,
      idempotencyKey,
    }: {
      params: RequestOf<'followCopy'>;
      idempotencyKey: string;
    }) =>
      api('followCopy', params, {
        loading: true,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    onSuccess: () => refreshAfterCopyChange(queryClient),
  });
}
