import {
  COMPLAINT_LIMITS,
  type Complaint,
  type ComplaintList,
  type ComplaintRequest,
  type ComplaintStatusCode,
  type Language,
} from '@tradedesk/contract';
import type { AdminComplaint } from '@tradedesk/contract/admin';
import type { FastifyBaseLogger } from 'fastify';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { wireTime } from '../../platform/http/wire-time.ts';
import type { Notifier } from '../../platform/notify/notifier.ts';
import { type AuditActor, createAuditLog } from '../../platform/operators/audit-log.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../../platform/rate-limit/rules.ts';
import type { UserRecord } from '../users/index.ts';
import {
  type ComplaintRecord,
  type ComplaintsRepository,
  createComplaintsRepository,
} from './complaints.repository.ts';
import type { createDeskComplaints } from './desk-complaints.ts';

function toComplaint(c: ComplaintRecord): Complaint {
  return {
    id: c.id,
    subject: c.subject,
    message: c.message,
    status: c.status,
    created_at: wireTime(c.createdAt),
    answer: c.answer,
    answered_at: c.answeredAt === null ? null : wireTime(c.answeredAt),
  };
}

/**
 * What the audit log keeps of a complaint: its state, not the trader's text; of an answer,
 * that and when it was given (the text stays with the complaint, which the desk reads).
 */
const audited = (c: ComplaintRecord) => ({
  status: c.status,
  handled_at: c.handledAt,
  handled_by: c.handledBy,
  answered_at: c.answeredAt,
  answered_by: c.answeredBy,
});

/**
 * Complaints (SPEC.md §2 /mine/email): stored for the support desk, then announced to the
 * complaint address through the notifier. The row is what counts: a mail that cannot be
 * delivered is logged and never undoes the complaint (the desk lists it anyway).
 */
export function createComplaintsService(deps: {
  /** A desk's step and its audit row, in one transaction. */
  transact: Transact;
  /** On the module's root database: what reads and files outside a desk's step. */
  complaints: ComplaintsRepository;
  /** Complaints with their trader and operators, as the desk lists them. */
  toDesk: ReturnType<typeof createDeskComplaints>;
  limiter: RateLimiter;
  notifier: Pick<Notifier, 'sendNotice'>;
  /** complaint_email of the settings, read per complaint (operators may change it). */
  complaintAddress: () => Promise<string>;
  log: FastifyBaseLogger;
  now: () => number;
}) {
  const { complaints, now } = deps;

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
        saved = await complaints.insert({
          userId: user.id,
          subject: request.subject,
          message: request.message,
          language,
          at: now(),
        });
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

    async queue(
      status: ComplaintStatusCode,
      page: number,
    ): Promise<{ data: AdminComplaint[]; total: number }> {
      const { rows, total } = await complaints.queue(status, page);
      return { data: await deps.toDesk(rows), total };
    },

    markHandled: (actor: AuditActor, id: number) =>
      decide(actor, id, 'complaint.handled', async (at, repo) => {
        if (!(await repo.markHandled({ id, operatorId: actor.adminId, at })))
          throw new AppError('COMPLAINT_ALREADY_HANDLED');
      }),

    /** The desk's answer, which the trader reads under their complaint (issue 37). */
    answer: (actor: AuditActor, id: number, answer: string) =>
      decide(actor, id, 'complaint.answered', async (at, repo) => {
        if (!(await repo.answer({ id, answer, operatorId: actor.adminId, at })))
          throw new AppError('COMPLAINT_ALREADY_ANSWERED');
      }),
  };

  /** One audited step of the desk on a complaint, in one transaction; the desk's view after. */
  async function decide(
    actor: AuditActor,
    id: number,
    action: string,
    write: (at: number, repo: ComplaintsRepository) => Promise<void>,
  ): Promise<AdminComplaint> {
    await deps.transact(async (scope) => {
      const repo = scope.repository(createComplaintsRepository);
      const before = await repo.find(id);
      if (!before) throw new AppError('COMPLAINT_NOT_FOUND');
      const at = now();
      await write(at, repo);
      const after = (await repo.find(id))!;
      await scope.repository(createAuditLog).append(
        actor,
        {
          action,
          targetType: 'complaint',
          targetId: id,
          before: audited(before),
          after: audited(after),
        },
        at,
      );
    });
    const found = await complaints.find(id);
    const [decided] = found ? await deps.toDesk([found]) : [];
    if (!decided) throw new AppError('COMPLAINT_NOT_FOUND');
    return decided;
  }
}

export type ComplaintsService = ReturnType<typeof createComplaintsService>;
