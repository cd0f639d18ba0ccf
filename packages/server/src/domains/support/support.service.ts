import type { ChatMessage, ChatPage } from '@tradedesk/contract';
import type { Kysely } from 'kysely';
import type { Bus } from '../../platform/bus/bus.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../../platform/rate-limit/rules.ts';
import { plainText } from './plain-text.ts';
import {
  createSupportRepository,
  type StoredMessage,
  type SupportRepository,
} from './support.repository.ts';
import './support-events.ts';
import { type AuditActor, createAuditLog } from '../../platform/operators/audit-log.ts';
import type { OperatorRecord } from '../../platform/operators/operators.repository.ts';
import type { UserRecord, UsersRepository } from '../users/index.ts';
import type { SupportTables } from './tables.ts';

/** Inbox rows per page. */
const INBOX_PAGE_SIZE = 20;

const wire = ({ operatorEmail: _, ...message }: StoredMessage): ChatMessage => message;
const deskWire = (message: StoredMessage) => ({
  ...wire(message),
  operator_email: message.operatorEmail,
});

/** How the desk names a trader: e-mail, else mobile, else the demo id. */
const accountOf = (user: UserRecord) => user.email ?? user.mobile ?? user.demoId ?? user.uid;

/**
 * The built-in customer-service chat: a trader writes, the support desk answers, and every
 * new message goes out on the bus so that the trader's open app gets it on its socket.
 */
export function createSupportService(deps: {
  /** A trader's message and its conversation's move, in one transaction of the module's own. */
  db: Kysely<SupportTables>;
  /** A desk reply and its audit row, in one transaction. */
  transact: Transact;
  /** On the module's root database: what reads outside a write. */
  repository: SupportRepository;
  users: UsersRepository;
  bus: Bus;
  limiter: RateLimiter;
  now: () => number;
}) {
  const { repository, users, bus, limiter, now } = deps;

  function cleaned(content: string): string {
    const text = plainText(content);
    if (text === '') throw new AppError('CHAT_MESSAGE_EMPTY');
    return text;
  }

  async function publish(userId: number, message: StoredMessage): Promise<void> {
    const traderUnread = await repository.unreadFor(userId, 'trader');
    await bus.publish('support.message', { userId, message: wire(message), traderUnread });
  }

  async function traderOf(userId: number): Promise<UserRecord> {
    const user = await users.findById(userId);
    if (!user) throw new AppError('CHAT_TRADER_NOT_FOUND');
    return user;
  }

  return {
    /** The trader's own conversation, a page at a time. */
    async messages(user: UserRecord, before: number | undefined, limit: number): Promise<ChatPage> {
      const page = await repository.page(user.id, before, limit);
      return {
        data: page.messages.map(wire),
        has_more: page.hasMore,
        unread: await repository.unreadFor(user.id, 'trader'),
      };
    },

    async send(user: UserRecord, content: string): Promise<ChatMessage> {
      const text = cleaned(content);
      // Counted only for messages that would be stored: an empty one costs nothing.
      const verdict = await limiter.consume(
        `chat-send:${user.id}`,
        RATE_LIMITS.chatMessagesPerUser,
      );
      if (!verdict.allowed)
        throw new AppError('RATE_LIMITED', {
          seconds: Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)),
        });
      const message = await deps.db.transaction().execute((trx) =>
        createSupportRepository(trx).append({
          userId: user.id,
          sender: 'trader',
          operatorId: null,
          operatorEmail: '',
          content: text,
          now: now(),
        }),
      );
      // The trader's other devices show it too.
      await publish(user.id, message);
      return wire(message);
    },

    markRead: (user: UserRecord, lastId: number) =>
      repository.markRead(user.id, 'trader', lastId).then((unread) => ({ unread })),

    unread: (user: UserRecord) =>
      repository.unreadFor(user.id, 'trader').then((unread) => ({ unread })),

    async inbox(page: number) {
      const { rows, total } = await repository.inbox((page - 1) * INBOX_PAGE_SIZE, INBOX_PAGE_SIZE);
      const traders = await users.findByIds(rows.map((r) => r.userId));
      return {
        data: rows.map((row) => {
          const trader = traders.get(row.userId);
          return {
            user_id: row.userId,
            uid: trader?.uid ?? '',
            account: trader ? accountOf(trader) : '',
            is_demo: trader?.isDemo ?? false,
            last_message: wire(row.lastMessage),
            unread: row.unread,
          };
        }),
        total,
        unread: await repository.desksUnread(),
      };
    },

    async thread(userId: number, before: number | undefined, limit: number) {
      const trader = await traderOf(userId);
      const page = await repository.page(userId, before, limit);
      return {
        user_id: trader.id,
        uid: trader.uid,
        account: accountOf(trader),
        is_demo: trader.isDemo,
        data: page.messages.map(deskWire),
        has_more: page.hasMore,
        unread: await repository.unreadFor(userId, 'operator'),
      };
    },

    /**
     * A desk reply, audited with it: who answered which trader, and how long the answer was —
     * not its text, which the conversation keeps (and a trader's data need not be copied).
     */
    async reply(operator: OperatorRecord, actor: AuditActor, userId: number, content: string) {
      const text = cleaned(content);
      const trader = await traderOf(userId);
      const at = now();
      const message = await deps.transact(async (scope) => {
        const stored = await scope.repository(createSupportRepository).append({
          userId,
          sender: 'operator',
          operatorId: operator.id,
          operatorEmail: operator.email,
          content: text,
          now: at,
        });
        await scope.repository(createAuditLog).append(
          actor,
          {
            action: 'support.reply',
            targetType: 'user',
            targetId: userId,
            after: { uid: trader.uid, message_id: stored.id, length: [...text].length },
          },
          at,
        );
        return stored;
      });
      await publish(userId, message);
      return deskWire(message);
    },

    async deskRead(userId: number, lastId: number) {
      await traderOf(userId);
      return { unread: await repository.markRead(userId, 'operator', lastId) };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
