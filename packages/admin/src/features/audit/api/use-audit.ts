import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminParamsOf, adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export type AuditParams = AdminParamsOf<'audit'>;

/** The audit log, newest first, optionally of one operator and one action. */
export function useAudit(params: AuditParams) {
  return useQuery({
    queryKey: adminKeys.auditList(params),
    queryFn: ({ signal }) => adminApi('audit', params, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Operators to filter by, for roles that may list them (the same cache as the Operators page). */
export function useOperatorChoices(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.operators,
    queryFn: ({ signal }) => adminApi('operators', undefined, { signal }),
    enabled,
    select: (operators) =>
      operators.map((operator) => ({
        value: operator.id,
        label: `${operator.email} (${operator.role})`,
      })),
  });
}
