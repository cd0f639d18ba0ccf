import type { AuditRow } from '@tradedesk/contract/admin';

/**
 * What a row changed, in words: a trader by the public UID the users page and the support
 * chat show (not the internal id), anything else by its type and id.
 */
export function auditTarget(row: Pick<AuditRow, 'target_type' | 'target_id' | 'target_uid'>) {
  if (!row.target_type) return '—';
  if (row.target_uid !== null) return `${row.target_type} UID ${row.target_uid}`;
  return `${row.target_type} #${row.target_id}`;
}
