import { LANGUAGES } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';

const WEB = import.meta.glob<Record<string, string>>('../../../i18n/locales/*.json', {
  import: 'default',
  eager: true,
});

/**
 * A trader's profile (its instruments, its open positions) and the ranking card name the same
 * column: in German, French, Chinese, Thai, Turkish and Vietnamese the profile said "product"
 * where the card said "instrument".
 */
describe('the ranking card and the trader profile name the instrument alike', () => {
  it.each(LANGUAGES)('%s', (language) => {
    const texts = WEB[`../../../i18n/locales/${language}.json`];
    expect(texts?.['copy.instrument']).toBeTruthy();
    expect(texts?.['copy.instrument']).toBe(texts?.['rank.variety']);
  });
});
