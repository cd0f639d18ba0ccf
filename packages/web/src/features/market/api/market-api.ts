import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Instrument, Language, Period } from '@tradedesk/contract';
import { useLanguage } from '../../../i18n/use-language.ts';
import { api } from '../../../lib/api-client.ts';
import { tradeListQuery } from '../../../lib/trade-list-query.ts';

export { tradeListQuery };

/** The whole live list; `live: false` reads it without re-rendering for each quote frame. */
export function useTradeList({ live = true }: { live?: boolean } = {}) {
  return useQuery({ ...tradeListQuery, subscribed: live });
}

/**
 * A part of the live trade list. Its reader re-renders only when that part changes: the
 * query keeps the previous result wherever the new one is equal, so a quote frame that moves
 * other instruments leaves it as it was. (`select` runs again on each render and each frame;
 * over a few dozen instruments that costs nothing next to a render.)
 */
function useTradeListPart<T>(part: (list: Instrument[]) => T): T | undefined {
  return useQuery({ ...tradeListQuery, select: part }).data;
}

/** One instrument of the live trade list (the first when `id` is unknown). */
export function useTradeInstrument(id: number | undefined): Instrument | undefined {
  return useTradeListPart((list) => findInstrument(list, id));
}

/** What of an instrument its quotes do not move: its name, terms, schedule and status. */
export type InstrumentTerms = Omit<Instrument, 'Bid' | 'Ask' | 'Seq' | 'ForexQuotations'>;

function termsOf(instrument: Instrument | undefined): InstrumentTerms | undefined {
  if (!instrument) return undefined;
  const { Bid: _bid, Ask: _ask, Seq: _seq, ForexQuotations: _quote, ...terms } = instrument;
  return terms;
}

/** An instrument's terms: quote frames never re-render their reader. */
export function useInstrumentTerms(id: number | undefined): InstrumentTerms | undefined {
  return useTradeListPart((list) => termsOf(findInstrument(list, id)));
}

const NONE: readonly Instrument[] = [];

/** The instruments of the live list with these codes. */
export function useInstrumentsByCode(codes: readonly string[]): readonly Instrument[] {
  return useTradeListPart((list) => list.filter((i) => codes.includes(i.Code))) ?? NONE;
}

/**
 * The categories, named by the server in `language` (sent as `lang`): the language is part of
 * the key, so a reader who switches language gets the names in it, not the cached ones.
 */
export function categoriesQuery(language: Language) {
  return queryOptions({
    queryKey: ['categories', language],
    queryFn: () => api('categories'),
    staleTime: 10 * 60_000,
  });
}

export function useCategories() {
  return useQuery(categoriesQuery(useLanguage()));
}

export function useKline(instrumentId: number | undefined, period: Period, enabled = true) {
  return useQuery({
    queryKey: ['kline', instrumentId, period],
    queryFn: () => api('kline', { forex_id: instrumentId!, period }),
    enabled: enabled && instrumentId !== undefined,
    staleTime: 0,
  });
}

export function useSparkline(instrumentId: number, enabled = true) {
  return useQuery({
    queryKey: ['sparkline', instrumentId],
    queryFn: () => api('abbreviatedKline', { forex_id: instrumentId }, { silent: true }),
    enabled,
    staleTime: 60_000,
  });
}

export function findInstrument(
  list: readonly Instrument[] | undefined,
  id: number | undefined,
): Instrument | undefined {
  return list?.find((i) => i.Id === id) ?? list?.[0];
}
