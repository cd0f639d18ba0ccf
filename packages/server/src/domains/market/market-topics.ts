import { TOPICS } from '@tradedesk/contract';
import type { TopicOwner } from '../../platform/ws/gateway.ts';
import { createBoardSnapshot } from './board-snapshot.ts';
import type { MarketService } from './market.service.ts';

/**
 * DAY_MARKET and KLINE.{code} on the socket: public market data, conflated and published
 * every flush. A DAY_MARKET subscription starts with the whole board, serialized once per
 * change of it however many ask.
 */
export function createMarketTopics(market: MarketService) {
  const board = createBoardSnapshot(market);
  const owner: TopicOwner = {
    accepts: (topic) =>
      topic === TOPICS.dayMarket ||
      (topic.startsWith(TOPICS.klinePrefix) &&
        market.hasCode(topic.slice(TOPICS.klinePrefix.length))),
    firstFrame: (topic) => (topic === TOPICS.dayMarket ? board.current() : null),
    flush(out) {
      const quotes = market.publishQuotes();
      if (quotes.length > 0) out.publish(TOPICS.dayMarket, quotes, (quote) => quote.Id);
      for (const [code, candles] of market.publishCandles())
        out.publish(`${TOPICS.klinePrefix}${code}`, candles, (c) => `${c.period}:${c.Time}`);
    },
  };
  return {
    owner,
    /** How many times the board was serialized (tests: once per change, not per subscription). */
    boardSerializations: board.serializations,
  };
}
