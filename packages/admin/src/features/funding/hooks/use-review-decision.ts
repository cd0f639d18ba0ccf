import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminApiError } from '../../../lib/admin-api.ts';
import { FOUR_EYES_CODE } from '../api/use-funding-decision.ts';

/**
 * What a deposit's and a withdrawal's review share: the decision dialog open, and the refusal
 * of a second approval by the first approver (four eyes), said beside the buttons where the
 * operator looks — the API client was told to stay silent about it. Other refusals are shown
 * by the API client; the approval dialog has nothing left to offer after one, so it closes.
 */
export function useReviewDecision<Decision extends { action: string }, Row>(
  decide: UseMutationResult<Row, Error, Decision>,
  onDecided: (decision: Decision, row: Row) => void,
) {
  const [dialog, setDialog] = useState<Decision['action']>();
  const [refusal, setRefusal] = useState<string>();
  const close = () => setDialog(undefined);

  const submit = (decision: Decision) => {
    setRefusal(undefined);
    decide.mutate(decision, {
      onSuccess: (row) => {
        close();
        onDecided(decision, row);
      },
      onError: (error) => {
        if (decision.action !== 'approve') return;
        close();
        if (error instanceof AdminApiError && error.code === FOUR_EYES_CODE)
          setRefusal(error.message);
      },
    });
  };

  return { dialog, open: setDialog, close, refusal, submit, pending: decide.isPending };
}
