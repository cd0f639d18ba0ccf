import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RESULT_CODES, type RequestOf } from '@tradedesk/contract';
import { ApiError, api } from '../../../lib/api-client.ts';

export const identityCenterQuery = queryOptions({
  queryKey: ['identity-center'],
  queryFn: ({ signal }) => api('identityCenter', undefined, { signal }),
  // An operator may have decided since the last visit: read it afresh on every visit.
  staleTime: 0,
});

export function useIdentityCenter() {
  return useQuery(identityCenterQuery);
}

/** Refusals meaning the page shows an old state: someone already submitted from elsewhere. */
const STALE_STATE_CODES: readonly number[] = [
  RESULT_CODES.IDENTITY_WAITING.code,
  RESULT_CODES.IDENTITY_CERTIFIED.code,
];

/**
 * Submits name, number and both uploads; the answer is the new state (waiting). A refusal
 * because the state moved on elsewhere reads that state before the call settles.
 */
export function useSubmitRealName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: RequestOf<'realName'>) =>
      api('realName', form, { loading: true, toastSuccess: true }),
    onSuccess: (center) => queryClient.setQueryData(identityCenterQuery.queryKey, center),
    onError: async (error) => {
      if (error instanceof ApiError && STALE_STATE_CODES.includes(error.code)) {
        await queryClient.invalidateQueries({ queryKey: identityCenterQuery.queryKey });
      }
    },
  });
}
