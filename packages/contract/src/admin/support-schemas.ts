import { z } from 'zod';
import {
  idField,
  integerWithDefault,
  optionalId,
  pageField,
  requiredText,
} from '../http/fields.ts';
import { chatMessageSchema } from '../http/support.ts';
import { CHAT_MESSAGE_MAX, CHAT_PAGE_SIZE } from '../support-limits.ts';

/** The support desk's inbox (issue 12): every trader's conversation with the built-in chat. */

/** One conversation in the inbox: whose, the last message, what the desk has not read. */
export const supportConversationSchema = z.object({
  user_id: z.number().int(),
  /** The trader's public user number, as the users page and the trader's app show it. */
  uid: z.string(),
  /** The trader's e-mail or mobile, or the demo id of a demo account. */
  account: z.string(),
  is_demo: z.boolean(),
  last_message: chatMessageSchema,
  /** The trader's messages the desk has not read. */
  unread: z.number().int(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

export const supportInboxRequestSchema = z.object({ page: pageField() });

/** Conversations by last activity, newest first, with the desk's total unread. */
export const supportInboxSchema = z.object({
  data: z.array(supportConversationSchema),
  total: z.number().int(),
  /** Unread trader messages over every conversation (the nav badge). */
  unread: z.number().int(),
});

/** An operator's message as the desk sees it: which operator wrote it. */
export const supportMessageSchema = chatMessageSchema.extend({
  /** The operator's e-mail for their replies; empty for the trader's messages. */
  operator_email: z.string(),
});

export const supportThreadRequestSchema = z.object({
  id: idField(),
  before: optionalId(),
  limit: integerWithDefault({ min: 1, max: CHAT_PAGE_SIZE }, CHAT_PAGE_SIZE),
});

/** One trader's conversation, oldest first (`before` pages to older messages). */
export const supportThreadSchema = z.object({
  user_id: z.number().int(),
  /** The trader's public user number, as the users page and the trader's app show it. */
  uid: z.string(),
  account: z.string(),
  is_demo: z.boolean(),
  data: z.array(supportMessageSchema),
  has_more: z.boolean(),
  unread: z.number().int(),
});

export const supportReplyRequestSchema = z.object({
  id: idField(),
  content: requiredText(CHAT_MESSAGE_MAX),
});

export const supportReadRequestSchema = z.object({ id: idField(), last_id: idField() });
