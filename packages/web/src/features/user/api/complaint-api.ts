import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { PAGE_SIZE, type RequestOf, type ResponseOf } from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';

type ComplaintList = ResponseOf<'complaintList'>;

const complaintListQuery = infiniteQueryOptions({
  queryKey: ['complaint-list'],
  queryFn: ({ pageParam, signal }) => api('complaintList', { page: pageParam }, { signal }),
  initialPageParam: 1,
  getNextPageParam: (last: ComplaintList, pages: ComplaintList[]) =>
    pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined,
  // The support desk may have handled one since the last visit.
  staleTime: 0,
});

/** My complaints, newest first. */
export function useComplaintList() {
  return useInfiniteQuery(complaintListQuery);
}

/** Files a complaint (the server's "sent" message is toasted); the list shows it at once. */
export function useSendComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: RequestOf<'complaint'>) =>
      api('complaint', form, { loading: true, toastSuccess: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complaintListQuery.queryKey }),
  });
}
