import { LANGUAGE_TAGS, type Language } from '@tradedesk/contract';
import { localZoneLabel } from '../../../lib/local-time.ts';

const formatters = new Map<Language, Intl.DateTimeFormat>();

/**
 * When a closed market reopens, as "Mon 09:30 GMT+8" in the trader's own time zone and
 * language, labelled with the zone as every other time is: the sessions are New York's, but
 * the trader plans by their own clock. One formatter per language, built when first needed
 * (building one is the costly part).
 */
export function formatReopenTime(epochMs: number, language: Language): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LANGUAGE_TAGS[language], {
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      // The digits of every other time and price on screen, in every language.
      numberingSystem: 'latn',
    });
    formatters.set(language, formatter);
  }
  return `${formatter.format(epochMs)} ${localZoneLabel(epochMs, { language })}`;
}
