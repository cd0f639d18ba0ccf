import { type AlertPush, TOPICS } from '@tradedesk/contract';
import type { Bus } from '../../platform/bus/bus.ts';
import type { TopicOwner } from '../../platform/ws/gateway.ts';
import { pointsToNumber, type QuoteReader } from '../market/index.ts';
import { toWireAlert } from './alert-wire.ts';
import './alert-events.ts';

/**
 * ALERT on the socket: a price alert that fired, to its trader's logged-in sockets only. It
 * comes from the firing's commit on the bus, so whichever node fired it, the node holding the
 * trader's socket tells them; the key names the firing, so a repeat is recognisable.
 */
export function createAlertTopic(bus: Bus, market: Pick<QuoteReader, 'instrument'>): TopicOwner {
  return {
    accepts: (topic) => topic === TOPICS.alert,
    start: (out) =>
      bus.subscribe('account.committed', (commit) => {
        for (const event of commit.events) {
          if (event.type !== 'alert' || event.change !== 'fired' || event.price === undefined)
            continue;
          const { alert } = event;
          const { precision } = market.instrument(alert.instrumentId);
          const data: AlertPush = {
            key: `alert:${alert.id}:${alert.firedCount}`,
            alert: toWireAlert(alert, market),
            price: pointsToNumber(Number(event.price), precision),
          };
          out.toUser(TOPICS.alert, commit.accountId, JSON.stringify({ topic: TOPICS.alert, data }));
        }
      }),
  };
}
