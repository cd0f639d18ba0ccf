import { TOPICS } from '@tradedesk/contract';
import type { Bus } from '../../platform/bus/bus.ts';
import type { TopicOwner } from '../../platform/ws/gateway.ts';
import './funding-events.ts';

/**
 * FUNDING on the socket: a decision on a trader's deposit or withdrawal, to that trader's
 * logged-in sockets only. It comes from the decision's commit on the bus, so that whichever
 * node decided, the node holding the trader's socket tells them; a commit delivered twice is
 * pushed twice, and the key says it is the same decision.
 */
export function createFundingTopic(bus: Bus): TopicOwner {
  return {
    accepts: (topic) => topic === TOPICS.funding,
    start: (out) =>
      bus.subscribe('account.committed', (commit) => {
        for (const event of commit.events) {
          if (event.type !== 'funding' || !event.notice) continue;
          // Funding moves the trader's own account: its id is the trader's.
          const frame = JSON.stringify({ topic: TOPICS.funding, data: event.notice });
          out.toUser(TOPICS.funding, commit.accountId, frame);
        }
      }),
  };
}
