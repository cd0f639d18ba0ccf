import type { CommandContext } from '../../platform/core/command-core.ts';
import type { TransactionScope } from '../../platform/db/transaction-scope.ts';
import {
  type AuditActor,
  type AuditEntry,
  type AuditExecutor,
  appendAudit,
} from '../../platform/operators/audit-log.ts';

/** The audit log on a command's or a transaction's executor: its row commits with the change. */
export const auditOn = (executor: AuditExecutor) => ({
  append: (actor: AuditActor, entry: AuditEntry, at: number) =>
    appendAudit(executor, actor, entry, at),
});

/** A kind of record the desk decides on, as its audit rows name and show it. */
export interface AuditedRecord<T extends { id: number }> {
  targetType: string;
  /** The record as the step left it, read in the step's transaction. */
  find(scope: TransactionScope, id: number): Promise<T | undefined>;
  /** What the audit log keeps of it. */
  view(record: T): unknown;
}

/**
 * Appends the audit row of an operator's step on a deposit or withdrawal, in its command:
 * the record before the step and as the step left it. Answers the record as it is now.
 */
export async function auditStep<T extends { id: number }>(
  ctx: CommandContext,
  actor: AuditActor,
  record: AuditedRecord<T>,
  action: string,
  before: T,
): Promise<T> {
  const after = await record.find(ctx, before.id);
  if (!after) throw new Error(`${record.targetType} ${before.id} vanished in its command`);
  const entry = {
    action,
    targetType: record.targetType,
    targetId: before.id,
    before: record.view(before),
    after: record.view(after),
  };
  await ctx.repository(auditOn).append(actor, entry, ctx.at);
  return after;
}
