import type { ChatMessage } from '@tradedesk/contract';

/** What the chat screen holds: the loaded messages, oldest first, and whether older exist. */
export interface ChatThread {
  messages: ChatMessage[];
  hasMore: boolean;
}

/**
 * Messages of both lists, each once (a push may bring a message the send already added, or
 * a reload one the socket brought), oldest first. Ids grow with time on the server.
 */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The thread with messages added (new ones, or an older page). */
export function withMessages(
  thread: ChatThread | undefined,
  incoming: readonly ChatMessage[],
  hasMore?: boolean,
): ChatThread {
  return {
    messages: mergeMessages(thread?.messages ?? [], incoming),
    hasMore: hasMore ?? thread?.hasMore ?? false,
  };
}

/**
 * The read marker to send: the newest message of support's the trader has on screen, when it
 * is newer than what was last marked; undefined when there is nothing new to mark.
 */
export function readMarkerToSend(
  messages: readonly ChatMessage[],
  lastMarked: number,
): number | undefined {
  let newest = 0;
  for (const message of messages)
    if (message.sender === 'operator' && message.id > newest) newest = message.id;
  return newest > lastMarked ? newest : undefined;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A message's time in the phone's zone: "HH:mm" for today, "MM-DD HH:mm" this year, the full
 * date before that.
 */
export function formatChatTime(epochMs: number, now: number = Date.now()): string {
  const at = new Date(epochMs);
  const today = new Date(now);
  const time = `${two(at.getHours())}:${two(at.getMinutes())}`;
  if (at.toDateString() === today.toDateString()) return time;
  const day = `${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  if (at.getFullYear() === today.getFullYear()) return `${day} ${time}`;
  return `${at.getFullYear()}-${day} ${time}`;
}

/** How /mine/chat shows the service link (SPEC.md §9): the built-in chat, a frame, or text. */
export type ServiceLinkView =
  | { kind: 'built-in' }
  | { kind: 'frame'; url: string }
  | { kind: 'text'; text: string };

/**
 * Empty is the built-in chat (the default). An http(s) address is embedded in a frame (the
 * server's Content-Security-Policy allows that origin); anything else — an e-mail address, a
 * handle — is shown to copy, never loaded.
 */
export function serviceLinkView(link: string): ServiceLinkView {
  const text = link.trim();
  if (text === '') return { kind: 'built-in' };
  try {
    const url = new URL(text);
    if (url.protocol === 'https:' || url.protocol === 'http:')
      return { kind: 'frame', url: url.href };
  } catch {
    // Not an address: shown as text.
  }
  return { kind: 'text', text };
}
