import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { RESULT_CODES } from '@tradedesk/contract';
import { adminKeys } from '../../../lib/query-keys.ts';

/** The server's answer to a first approver trying to give the second one too. */
export const FOUR_EYES_CODE = RESULT_CODES.FOUR_EYES_REQUIRED.code;

/**
 * A decision on a deposit or a withdrawal, sent by `send`. It changes the review queue
 * (`queue`), the trader's balance and ledger, and the audit log — refetched also after a
 * refusal: the record was most likely decided by someone else meanwhile.
 */
export function useFundingDecision<Decision, Row>(
  send: (decision: Decision) => Promise<Row>,
  queue: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all(
        [queue, adminKeys.users, adminKeys.audit].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
