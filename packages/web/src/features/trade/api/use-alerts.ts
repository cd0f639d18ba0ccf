import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../stores/session-store.ts';

/** The trader's price alerts (issue 41), newest first, with the most one account may hold. */
export const ALERTS_KEY = 'alerts';

export const alertsQuery = queryOptions({
  queryKey: [ALERTS_KEY],
  queryFn: () => api('alerts'),
});

/** My alerts, asked for only while logged in. */
export function useAlerts() {
  const loggedIn = useSessionStore((s) => s.user !== null);
  return useQuery({ ...alertsQuery, enabled: loggedIn });
}
