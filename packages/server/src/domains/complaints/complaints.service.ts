import {
  COMPLAINT_LIMITS,
  type Complaint,
  type ComplaintList,
  type ComplaintRequest,
  type Language,
} from '@tradedesk/contract';
import type { AdminComplaint } from '@tradedesk/contract/admin';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../platform/db/executor.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { wireTime } from '../../platform/http/wire-time.ts';
import type { Notifier } from '../../platform/notify/notifier.ts';
import { type AuditActor, appendAudit } from '../../platform/operators/audit-log.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../../platform/rate-limit/rules.ts';
import type { UserRecord } from '../users/index.ts';
import type {
  ComplaintRecord,
  ComplaintsRepository,
  DeskComplaintRecord,
} from './complaints.repository.ts';

function toComplaint(c: ComplaintRecord): Complaint {
  return {
    id: c.id,
    subject: c.subject,
    message: c.message,
    status: c.status,
    created_at: wireTime(c.createdAt),
  };
}

function toAdminComplaint(c: DeskComplaintRecord): AdminComplaint {
  return {
    id: c.id,
    user_id: c.userId,
    uid: c.uid,
    email: c.email,
    mobile: c.mobile,
    subject: c.subject,
    message: c.message,
    status: c.status,
    created_at: c.createdAt,
    handled_at: c.handledAt,
    handled_by: c.handledByEmail,
  };
}

/** What the audit log keeps of a complaint: its state, not the trader's text. */
const audited = (c: ComplaintRecord) => ({
  status: c.status,
  handled_at: c.handledAt,
  handled_by: c.handledBy,
});

/**
 * Complaints (SPEC.md §2 /mine/email): stored for the support desk, then announced to the
 * complaint address through the notifier. The row is what counts: a mail that cannot be
 * delivered is logged and never undoes the complaint (the desk lists it anyway).
 */
export function createComplaintsService(deps: {
  db: Executor;
  complaints: ComplaintsRepository;
  limiter: RateLimiter;
  notifier: Pick<Notifier, 'sendNotice'>;
  /** complaint_email of the settings, read per complaint (operators may change it). */
  complaintAddress: () => Promise<string>;
  log: FastifyBaseLogger;
  now: () => number;
}) {
  const { db, complaints, now } = deps;

  async function announce(user: UserRecord, complaint: ComplaintRecord): Promise<void> {
    const to = await deps.complaintAddress();
    if (!to) {
      deps.log.warn({ complaintId: complaint.id }, 'no complaint_email set: complaint not mailed');
      return;
    }
    try {
      await deps.notifier.sendNotice({
        channel: 'email',
        to,
        kind: 'complaint',
        vars: {
          id: complaint.id,
          uid: user.uid,
          contact: user.email ?? user.mobile ?? 'demo',
          subject: complaint.subject,
          message: complaint.message,
        },
        // The trader's language: the mail's frame then matches the text it carries.
        language: complaint.language as Language,
      });
    } catch (error) {
      deps.log.error({ err: error, complaintId: complaint.id }, 'complaint notice not sent');
    }
  }

  return {
    async file(
      user: UserRecord,
      request: ComplaintRequest,
      language: Language,
    ): Promise<Complaint> {
      if (Array.from(request.message).length < COMPLAINT_LIMITS.messageMin)
        throw new AppError('COMPLAINT_TOO_SHORT');
      const key = `complaint:${user.id}`;
      const verdict = await deps.limiter.consume(key, RATE_LIMITS.complaintsPerUser);
      if (!verdict.allowed)
        throw new AppError('RATE_LIMITED', {
          seconds: Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)),
        });
      let saved: ComplaintRecord;
      try {
        saved = await complaints.insert(
          {
            userId: user.id,
            subject: request.subject,
            message: request.message,
            language,
            at: now(),
          },
          db,
        );
      } catch (error) {
        // Nothing was stored: the attempt does not count against the trader.
        await deps.limiter.refund(key);
        throw error;
      }
      await announce(user, saved);
      return toComplaint(saved);
    },

    async listOf(user: UserRecord, page: number): Promise<ComplaintList> {
      const { rows, total } = await complaints.pageOf(user.id, page);
      return { data: rows.map(toComplaint), total };
    },

    async queue(status: 0 | 1, page: number): Promise<{ data: AdminComplaint[]; total: number }> {
      const { rows, total } = await complaints.queue(status, page);
      return { data: rows.map(toAdminComplaint), total };
    },

    async markHandled(actor: AuditActor, id: number): Promise<AdminComplaint> {
      await db.transaction().execute(async (trx) => {
        const before = await complaints.find(id, trx);
        if (!before) throw new AppError('COMPLAINT_NOT_FOUND');
        const at = now();
        if (!(await complaints.markHandled({ id, operatorId: actor.adminId, at }, trx)))
          throw new AppError('COMPLAINT_ALREADY_HANDLED');
        const after = (await complaints.find(id, trx))!;
        await appendAudit(
          trx,
          actor,
          {
            action: 'complaint.handled',
            targetType: 'complaint',
            targetId: id,
            before: audited(before),
            after: audited(after),
          },
          at,
        );
      });
      const handled = await complaints.deskView(id);
      if (!handled) throw new AppError('COMPLAINT_NOT_FOUND');
      return toAdminComplaint(handled);
    },
  };
}

export type ComplaintsService = ReturnType<typeof createComplaintsService>;
