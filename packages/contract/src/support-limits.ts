/**
 * Limits of the built-in customer-service chat (issue 12), apart from its schemas so that
 * the apps read them without bundling the validation library.
 */

/** Longest message, in characters (after trimming): a chat line, not a document. */
export const CHAT_MESSAGE_MAX = 1000;
/** Messages per page of a conversation; older ones load page by page. */
export const CHAT_PAGE_SIZE = 50;

/**
 * What `service_link` holds when the service link is this built-in chat (the default of a
 * fresh installation): empty, which no external address can be.
 */
export const BUILT_IN_CHAT_LINK = '';

/** Who wrote a message. */
export const CHAT_SENDERS = ['trader', 'operator'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];
