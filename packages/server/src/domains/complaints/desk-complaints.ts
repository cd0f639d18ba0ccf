import type { AdminComplaint } from '@tradedesk/contract/admin';
import type { OperatorsRepository } from '../../platform/operators/operators.repository.ts';
import type { UsersRepository } from '../users/index.ts';
import type { ComplaintRecord } from './complaints.repository.ts';

/**
 * Complaints as the support desk lists them: with their trader (from the users domain) and
 * the operators who handled and answered them (from the operators' module), read apart.
 */
export function createDeskComplaints(deps: {
  users: Pick<UsersRepository, 'findByIds'>;
  operators: Pick<OperatorsRepository, 'emailsOf'>;
}) {
  return async function toDesk(rows: readonly ComplaintRecord[]): Promise<AdminComplaint[]> {
    const operatorIds = rows
      .flatMap((c) => [c.handledBy, c.answeredBy])
      .filter((id) => id !== null);
    const [traders, emails] = await Promise.all([
      deps.users.findByIds(rows.map((c) => c.userId)),
      deps.operators.emailsOf(operatorIds),
    ]);
    const emailOf = (id: number | null) => (id === null ? null : (emails.get(id) ?? null));
    return rows.flatMap((c) => {
      const trader = traders.get(c.userId);
      if (!trader) return [];
      return [
        {
          id: c.id,
          user_id: c.userId,
          uid: trader.uid,
          email: trader.email,
          mobile: trader.mobile,
          subject: c.subject,
          message: c.message,
          status: c.status,
          created_at: c.createdAt,
          handled_at: c.handledAt,
          handled_by: emailOf(c.handledBy),
          answer: c.answer,
          answered_at: c.answeredAt,
          answered_by: emailOf(c.answeredBy),
        },
      ];
    });
  };
}
