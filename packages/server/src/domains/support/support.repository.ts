import type { ChatMessage, ChatSender } from '@tradedesk/contract';
import type { Selectable } from 'kysely';
import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { SupportMessagesTable, SupportTables } from './tables.ts';

export interface StoredMessage extends ChatMessage {
  /** The replying operator's e-mail; empty for a trader's message. */
  operatorEmail: string;
}

export interface ConversationRow {
  userId: number;
  lastMessage: StoredMessage;
  /** The trader's messages the desk has not read. */
  unread: number;
}

const toMessage = (r: Selectable<SupportMessagesTable>): StoredMessage => ({
  id: toInt(r.id),
  sender: r.sender,
  content: r.content,
  created_at: toInt(r.created_at),
  operatorEmail: r.operator_email,
});

/** Which read marker a side keeps, and whose messages it counts as unread. */
const SIDES = {
  trader: { marker: 'trader_read_id', counts: 'operator' },
  operator: { marker: 'operator_read_id', counts: 'trader' },
} as const;
export type ReaderSide = keyof typeof SIDES;

/**
 * Messages and conversations of the built-in chat (migration 010), on the executor it is built
 * on: the module's root database, or a transaction (a message and its conversation's move
 * commit together; a desk reply with its audit row too).
 */
export function createSupportRepository(executor: Executor<SupportTables>) {
  return {
    ...createChatMessages(executor),
    ...createChatReadMarkers(executor),
  };
}

/** The messages of a conversation. */
function createChatMessages(executor: Executor<SupportTables>) {
  return {
    /**
     * Stores a message and moves its conversation's last activity. The writer's own side has
     * read everything up to its own message. Two statements: run it in a transaction.
     */
    async append(input: {
      userId: number;
      sender: ChatSender;
      operatorId: number | null;
      operatorEmail: string;
      content: string;
      now: number;
    }): Promise<StoredMessage> {
      const row = await executor
        .insertInto('support_messages')
        .values({
          user_id: input.userId,
          sender: input.sender,
          operator_id: input.operatorId,
          operator_email: input.operatorEmail,
          content: input.content,
          created_at: input.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const message = toMessage(row);
      const own = SIDES[input.sender].marker;
      await executor
        .insertInto('support_conversations')
        .values({
          user_id: input.userId,
          last_message_id: message.id,
          last_at: input.now,
          [own]: message.id,
        })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            last_message_id: message.id,
            last_at: input.now,
            [own]: message.id,
          }),
        )
        .execute();
      return message;
    },

    /** Up to `limit` messages of a conversation before message `before` (or the newest), oldest first. */
    async page(
      userId: number,
      before: number | undefined,
      limit: number,
    ): Promise<{ messages: StoredMessage[]; hasMore: boolean }> {
      let query = executor
        .selectFrom('support_messages')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit + 1);
      if (before !== undefined) query = query.where('id', '<', before);
      const rows = await query.execute();
      const hasMore = rows.length > limit;
      return { messages: rows.slice(0, limit).map(toMessage).reverse(), hasMore };
    },
  };
}

/** What each side has read: its marker per conversation, and the unread counts it gives. */
function createChatReadMarkers(executor: Executor<SupportTables>) {
  async function unreadFor(userId: number, side: ReaderSide): Promise<number> {
    const { marker, counts } = SIDES[side];
    const row = await executor
      .selectFrom('support_messages as m')
      .innerJoin('support_conversations as c', 'c.user_id', 'm.user_id')
      .select((eb) => eb.fn.countAll<number | bigint>().as('n'))
      .where('m.user_id', '=', userId)
      .where('m.sender', '=', counts)
      .whereRef('m.id', '>', `c.${marker}`)
      .executeTakeFirst();
    return row ? toInt(row.n) : 0;
  }

  return {
    unreadFor,

    /**
     * Moves a side's read marker forward to `lastId` (never back, never past the newest
     * message). Answers the side's unread count after.
     */
    async markRead(userId: number, side: ReaderSide, lastId: number): Promise<number> {
      const { marker } = SIDES[side];
      const conversation = await executor
        .selectFrom('support_conversations')
        .select(['last_message_id'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (conversation) {
        const upTo = Math.min(lastId, toInt(conversation.last_message_id));
        await executor
          .updateTable('support_conversations')
          .set({ [marker]: upTo })
          .where('user_id', '=', userId)
          .where(marker, '<', upTo)
          .execute();
      }
      return unreadFor(userId, side);
    },

    /** Conversations by last activity, newest first, with the desk's unread count of each. */
    async inbox(
      offset: number,
      limit: number,
    ): Promise<{ rows: ConversationRow[]; total: number }> {
      const rows = await executor
        .selectFrom('support_conversations as c')
        .innerJoin('support_messages as m', 'm.id', 'c.last_message_id')
        .selectAll('m')
        .select((eb) =>
          eb
            .selectFrom('support_messages as u')
            .select((inner) => inner.fn.countAll<number | bigint>().as('n'))
            .whereRef('u.user_id', '=', 'c.user_id')
            .where('u.sender', '=', 'trader')
            .whereRef('u.id', '>', 'c.operator_read_id')
            .as('unread'),
        )
        .orderBy('c.last_at', 'desc')
        .orderBy('c.user_id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      const count = await executor
        .selectFrom('support_conversations')
        .select((eb) => eb.fn.countAll<number | bigint>().as('n'))
        .executeTakeFirstOrThrow();
      return {
        rows: rows.map((r) => ({
          userId: toInt(r.user_id),
          lastMessage: toMessage(r),
          unread: toInt(r.unread ?? 0),
        })),
        total: toInt(count.n),
      };
    },

    /** Unread trader messages over every conversation. */
    async desksUnread(): Promise<number> {
      const row = await executor
        .selectFrom('support_messages as m')
        .innerJoin('support_conversations as c', 'c.user_id', 'm.user_id')
        .select((eb) => eb.fn.countAll<number | bigint>().as('n'))
        .where('m.sender', '=', 'trader')
        .whereRef('m.id', '>', 'c.operator_read_id')
        .executeTakeFirstOrThrow();
      return toInt(row.n);
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
