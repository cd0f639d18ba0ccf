import { z } from 'zod';
import { CHAT_MESSAGE_MAX, CHAT_PAGE_SIZE, CHAT_SENDERS } from '../support-limits.ts';
import { idField, integerWithDefault, optionalId, requiredText } from './fields.ts';

/**
 * The built-in customer-service chat (issue 12): one conversation per trader, written by the
 * trader and answered by `support` operators. Messages are plain text, shown as text.
 */

/** One message as both sides read it. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  sender: z.enum(CHAT_SENDERS),
  content: z.string(),
  /** Epoch milliseconds. */
  created_at: z.number().int(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A page of a conversation, oldest first; `before` pages to older messages. */
export const chatPageSchema = z.object({
  data: z.array(chatMessageSchema),
  /** Whether older messages exist than the first of this page. */
  has_more: z.boolean(),
  /** Messages of the other side not yet read by the caller's side. */
  unread: z.number().int(),
});
export type ChatPage = z.infer<typeof chatPageSchema>;

/** GET /api/support/messages: the newest page, or the page before the message `before`. */
export const chatMessagesRequestSchema = z.object({
  before: optionalId(),
  limit: integerWithDefault({ min: 1, max: CHAT_PAGE_SIZE }, CHAT_PAGE_SIZE),
});

/** POST /api/support/send. */
export const chatSendRequestSchema = z.object({ content: requiredText(CHAT_MESSAGE_MAX) });

/** POST /api/support/read: everything up to and including message `last_id` was seen. */
export const chatReadRequestSchema = z.object({ last_id: idField() });

export const chatUnreadSchema = z.object({ unread: z.number().int() });

/** The CHAT socket push: a new message of the logged-in trader's conversation. */
export interface ChatPush {
  message: ChatMessage;
  /** The trader's unread operator messages after this one. */
  unread: number;
}
