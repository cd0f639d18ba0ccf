import { type ChatPush, TOPICS } from '@tradedesk/contract';
import type { Bus } from '../../platform/bus/bus.ts';
import type { TopicOwner } from '../../platform/ws/gateway.ts';
import './support-events.ts';

/**
 * CHAT on the socket: a message of a trader's support chat, stored on this node or another
 * (the bus), to that trader's logged-in sockets only. Private like FOREX_TRADE, but needs no
 * trading.
 */
export function createChatTopic(bus: Bus): TopicOwner {
  return {
    accepts: (topic) => topic === TOPICS.chat,
    start: (out) =>
      bus.subscribe('support.message', (event) => {
        const data: ChatPush = { message: event.message, unread: event.traderUnread };
        out.toUser(TOPICS.chat, event.userId, JSON.stringify({ topic: TOPICS.chat, data }));
      }),
  };
}
