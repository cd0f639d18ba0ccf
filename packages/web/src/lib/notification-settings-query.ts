import { queryOptions } from '@tanstack/react-query';
import type { NoticeKind, NotificationSettings } from '@tradedesk/contract';
import { api } from './api-client.ts';

/**
 * The trader's notification choices (issue 41). Shared: the notifications page edits them,
 * and the trade feature reads "In app" before it toasts a fired alert or a close. Read
 * quietly: the app reads them in the background, where a refusal has nobody to tell.
 */
export const notificationSettingsQuery = queryOptions({
  queryKey: ['notification-settings'],
  queryFn: () => api('notificationSettings', undefined, { silent: true }),
  // They change only on the settings page, which writes its answer into the cache.
  staleTime: 5 * 60_000,
});

/** Whether a notice of `kind` is shown in the app: yes until the choices are known. */
export function isShownInApp(
  settings: NotificationSettings | undefined,
  kind: NoticeKind,
): boolean {
  return settings?.kinds[kind].app ?? true;
}
