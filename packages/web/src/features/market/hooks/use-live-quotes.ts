import { useQueryClient } from '@tanstack/react-query';
import { type DayMarketQuote, type Instrument, TOPICS } from '@tradedesk/contract';
import { useEffect } from 'react';
import { socketClient } from '../../../lib/ws-client.ts';
import { tradeListQuery } from '../api/market-api.ts';

/**
 * Keeps the trade list live from DAY_MARKET. Each instrument's quotes carry a sequence
 * number: a jump means frames were missed, so the snapshot is reloaded; so it is after a
 * reconnect.
 */
export function useLiveQuotes(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // One reload at a time: a gap seen again while the reload is under way does not restart it.
    const resync = () =>
      void queryClient.invalidateQueries(
        { queryKey: tradeListQuery.queryKey },
        { cancelRefetch: false },
      );
    const stopQuotes = socketClient.subscribe(TOPICS.dayMarket, (data) => {
      const quotes = (Array.isArray(data) ? data : [data]) as DayMarketQuote[];
      let gap = false;
      queryClient.setQueryData<Instrument[]>(tradeListQuery.queryKey, (list) => {
        if (!list) return list;
        const byId = new Map(quotes.map((q) => [q.Id, q]));
        return list.map((instrument) => {
          const quote = byId.get(instrument.Id);
          if (!quote || quote.seq <= instrument.Seq) return instrument;
          if (quote.seq > instrument.Seq + 1) gap = true;
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
      if (gap) resync();
    });
    const stopReconnect = socketClient.onReconnect(resync);
    return () => {
      stopQuotes();
      stopReconnect();
    };
  }, [queryClient]);
}
