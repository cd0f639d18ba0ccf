/** A message as the desk holds it (the contract's supportMessageSchema). */
export interface DeskMessage {
  id: number;
  sender: 'trader' | 'operator';
  content: string;
  created_at: number;
  operator_email: string;
}

/** Both lists, each message once, oldest first (a poll overlaps the older pages loaded). */
export function mergeDeskMessages(
  older: readonly DeskMessage[],
  newest: readonly DeskMessage[],
): DeskMessage[] {
  const byId = new Map<number, DeskMessage>();
  for (const message of older) byId.set(message.id, message);
  for (const message of newest) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The read marker the desk should send for what it shows: the newest trader message, when
 * the server still counts unread ones; undefined when there is nothing to mark.
 */
export function deskReadMarker(
  messages: readonly DeskMessage[],
  unread: number,
): number | undefined {
  if (unread === 0) return undefined;
  let newest: number | undefined;
  for (const message of messages)
    if (message.sender === 'trader' && (newest === undefined || message.id > newest))
      newest = message.id;
  return newest;
}

/** A preview line of a message for the inbox: one line, bounded. */
export function previewOf(content: string, max = 80): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
