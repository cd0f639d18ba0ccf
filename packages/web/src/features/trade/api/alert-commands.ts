import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestOf } from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';
import { ALERTS_KEY } from './use-alerts.ts';
/**
 * Sets an alert. A refusal (too many, the price already past the level, an expiry in the past)
 * is toasted with the server's own words; the list reloads either way.
 */
export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: RequestOf<'alertCreate'>) => api('alertCreate', params, { loading: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ALERTS_KEY] }),
  });
}

/** Stops and forgets an alert; the list reloads. */
export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('alertDelete', { id }, { loading: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ALERTS_KEY] }),
  });
}
