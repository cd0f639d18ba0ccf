import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** One trader: profile, balance, open orders, one page of the ledger, identity, invitees. */
export function useUser(id: number, ledgerPage: number) {
  return useQuery({
    queryKey: adminKeys.user(id, ledgerPage),
    queryFn: ({ signal }) => adminApi('user', { id, ledger_page: ledgerPage }, { signal }),
    // Turning a ledger page keeps the rest of the page on screen.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === id ? keepPreviousData(previous) : undefined,
  });
}
