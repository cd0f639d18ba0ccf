import { LANGUAGE_TAGS, type Language } from '@tradedesk/contract';

const formatters = new Map<Language, Intl.DateTimeFormat>();

/**
 * When a closed market reopens, as "Mon 09:30" in the trader's own time zone and language:
 * the sessions are New York's, but the trader plans by their own clock. One formatter per
 * language, built when first needed (building one is the costly part).
 */
export function formatReopenTime(epochMs: number, language: Language): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LANGUAGE_TAGS[language], {
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(language, formatter);
  }
  return formatter.format(epochMs);
}
