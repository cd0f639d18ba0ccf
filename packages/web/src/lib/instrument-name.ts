import type { Instrument } from '@tradedesk/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type Named = Pick<Instrument, 'Code' | 'Name'>;

/**
 * An instrument's name in the reader's language ("歐元 / 美元" for EURUSD): the locales name
 * every instrument of the catalogue under `instrument.<Code>`; one they do not know (added
 * later) keeps the server's English name. Codes (EURUSD) are the same in every language.
 */
export function useInstrumentName(): (instrument: Named) => string {
  const { t } = useTranslation();
  return useCallback(
    (instrument: Named) => t(`instrument.${instrument.Code}`, { defaultValue: instrument.Name }),
    [t],
  );
}

/**
 * Whether a search (already trimmed and lower-cased) finds an instrument: by its code, its
 * English name or the name the reader sees, so that "黃金" finds XAUUSD as "gold" does.
 */
export function instrumentMatches(instrument: Named, needle: string, shownName: string): boolean {
  return (
    instrument.Code.toLowerCase().includes(needle) ||
    instrument.Name.toLowerCase().includes(needle) ||
    shownName.toLowerCase().includes(needle)
  );
}
