import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestOf } from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';
import { notificationSettingsQuery } from '../../../lib/notification-settings-query.ts';

/** My choices and push devices, read afresh on each visit (a device may have joined since). */
export function useNotificationSettings() {
  return useQuery({ ...notificationSettingsQuery, staleTime: 0 });
}

/**
 * Keeps the choices (POST /api/notifications/save); the answer, as stored, replaces the cached
 * ones, which the app's toasts follow at once. The server says "saved" in the trader's words.
 */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: RequestOf<'notificationSettingsSave'>) =>
      api('notificationSettingsSave', choices, { loading: true, toastSuccess: true }),
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQuery.queryKey, settings),
  });
}

/** Pushes a test to my devices; the server's message says how many it reached, or none. */
export function useSendTestNotification() {
  return useMutation({
    mutationFn: () => api('notificationTest', undefined, { loading: true, toastSuccess: true }),
  });
}
