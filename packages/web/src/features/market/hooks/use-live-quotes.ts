import { useQueryClient } from '@tanstack/react-query';
import { type DayMarketQuote, type Instrument, TOPICS } from '@tradedesk/contract';
import { useEffect } from 'react';
import { socketClient } from '../../../lib/ws-client.ts';
import { tradeListQuery } from '../api/market-api.ts';

/**
 * Keeps the trade list live from DAY_MARKET. A subscription starts with the whole board and
 * every quote carries all of its instrument's live figures, its market's status included
 * (the server publishes a quote again when its market opens or closes), so a frame is never a
 * delta that a missed one could spoil: each instrument takes the newest by its sequence
 * number and drops older ones (a snapshot answered after the frame). After a reconnect the
 * list is reloaded too, for what quotes do not carry (names, terms).
 *
 * A frame leaves the list's load time as it was: it is not a fresh load, so entering / or
 * /trade (app-shell.tsx) still reloads a list that only quotes have kept moving.
 */
export function useLiveQuotes(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopQuotes = socketClient.subscribe(TOPICS.dayMarket, (data) => {
      const quotes = (Array.isArray(data) ? data : [data]) as DayMarketQuote[];
      const loadedAt = queryClient.getQueryState(tradeListQuery.queryKey)?.dataUpdatedAt;
      queryClient.setQueryData<Instrument[]>(
        tradeListQuery.queryKey,
        (list) => {
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
              MarketStatus: quote.MarketStatus,
              NextOpen: quote.NextOpen,
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
        },
        { updatedAt: loadedAt },
      );
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
