import type { ChatMessage } from '@tradedesk/contract';

/**
 * A new message of a trader's conversation, published after it is stored: the socket gateway
 * of every node pushes it to that trader's logged-in sockets (CHAT), whichever node stored it.
 */
export interface SupportMessageEvent {
  userId: number;
  message: ChatMessage;
  /** The trader's unread operator messages after this message. */
  traderUnread: number;
}

declare module '../../platform/bus/bus.ts' {
  interface BusTopics {
    'support.message': SupportMessageEvent;
  }
}
