import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminParamsOf, adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export type ComplaintsParams = AdminParamsOf<'complaints'>;

/** Complaints of one status, oldest first: the desk's queue when received. */
export function useComplaints(params: ComplaintsParams) {
  return useQuery({
    queryKey: adminKeys.complaintList(params),
    queryFn: ({ signal }) => adminApi('complaints', params, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Marks a received complaint handled; the queue and the audit log change. */
export function useHandleComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminApi('handleComplaint', { id }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.complaints }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}

/**
 * Answers a complaint: its trader reads the answer in the app; a received complaint becomes
 * handled. The queue and the audit log change.
 */
export function useAnswerComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: { id: number; answer: string }) => adminApi('answerComplaint', answer),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.complaints }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
