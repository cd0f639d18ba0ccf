import type { ClientMessage } from '@tradedesk/contract';

/** The client message in `raw`, or undefined when it is not one we understand. */
export function parseClientMessage(raw: string): ClientMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'ping':
    case 'logout':
      return { type: message.type };
    case 'login':
      return typeof message.token === 'string'
        ? { type: 'login', token: message.token }
        : undefined;
    case 'sub':
    case 'unsub':
      return typeof message.topic === 'string' && message.topic.length <= 64
        ? { type: message.type, topic: message.topic }
        : undefined;
    default:
      return undefined;
  }
}
