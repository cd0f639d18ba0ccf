import { useQueryClient } from '@tanstack/react-query';
import { type DayMarketQuote, type Instrument, TOPICS } from '@tradedesk/contract';
import { useEffect } from 'react';
import { socketClient } from '../../../lib/ws-client.ts';
import { tradeListQuery } from '../api/market-api.ts';

/**
 * Keeps the trade list live from DAY_MARKET. A subscription starts with the whole board and
 * every quote carries all of its instrument's live figures, so a frame is never a delta that
 * a missed one could spoil: each instrument takes the newest by its sequence number and drops
 * older ones (a snapshot answered after the frame). After a reconnect the list is reloaded
 * too, for what quotes do not carry (market open or closed).
 */
export function useLiveQuotes(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopQuotes = socketClient.subscribe(TOPICS.dayMarket, (data) => {
      const quotes = (Array.isArray(data) ? data : [data]) as DayMarketQuote[];
      queryClient.setQueryData<Instrument[]>(tradeListQuery.queryKey, (list) => {
        if (!list) return list;
        const byId = new Map(quotes.map((q) => [q.Id, q]));
        return list.map((instrument) => {
          const quote = byId.get(instrument.Id);
          if (!quote || quote.seq <= instrument.Seq) return instrument;
          return {
            ...instrument,
            Bid: quote.bid,
            Ask: quote.ask,
            Seq: quote.seq,
            ForexQuotations: {
              Open: quote.Open,
              Close: quote.Close,
              Change: quote.Change,
              High: quote.High,
              Low: quote.Low,
              Volume: quote.Volume,
            },
          };
        });
      });
    });
    const stopReconnect = socketClient.onReconnect(
      () =>
        void queryClient.invalidateQueries(
          { queryKey: tradeListQuery.queryKey },
          { cancelRefetch: false },
        ),
    );
    return () => {
      stopQuotes();
      stopReconnect();
    };
  }, [queryClient]);
}
