import { LANGUAGE_TAGS, type Language } from '@tradedesk/contract';

/**
 * A number of hours in words of the reader's language, its plural included ("1 hour",
 * "24 hours", "24 часа", "48 часов", "ساعتان"), by the platform's own unit formatting, so
 * that no locale file needs a plural form per count. Digits stay Latin, as every figure of
 * the app does.
 */
export function hoursText(hours: number, language: Language): string {
  return new Intl.NumberFormat(`${LANGUAGE_TAGS[language]}-u-nu-latn`, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'long',
    maximumFractionDigits: 2,
  }).format(hours);
}
