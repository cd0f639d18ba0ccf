import { useQuery } from '@tanstack/react-query';
import type { Instrument } from '@tradedesk/contract';
import { conversionPairCodes } from '@tradedesk/engine';
import { useCallback } from 'react';
import { tradeListQuery } from '../../../lib/trade-list-query.ts';

/** An order's instrument at its live quote, with the pairs that convert its currencies to USD. */
export interface OrderQuotes {
  instrument: Instrument;
  /** What converts its margin and quote currencies (itself included where it does). */
  pairs: readonly Instrument[];
}

/**
 * The live quote of an order's instrument and of its conversion pairs, read from the trade
 * list that DAY_MARKET keeps live. Its reader re-renders when those move, not on every frame
 * (the query keeps the previous result wherever the new one is equal). Undefined while the list
 * is loading, or for an instrument no longer listed.
 */
export function useOrderQuotes(instrumentId: number | undefined): OrderQuotes | undefined {
  const select = useCallback(
    (list: Instrument[]): OrderQuotes | undefined => {
      const instrument = list.find((i) => i.Id === instrumentId);
      if (!instrument) return undefined;
      const codes = [
        ...conversionPairCodes(instrument.MarginCurrency),
        ...conversionPairCodes(instrument.QuoteCurrency),
      ];
      return { instrument, pairs: list.filter((i) => codes.includes(i.Code)) };
    },
    [instrumentId],
  );
  return useQuery({ ...tradeListQuery, select, enabled: instrumentId !== undefined }).data;
}
