import { LANGUAGES, type Language } from '@tradedesk/contract';
import { MESSAGES } from '@tradedesk/contract/messages';
import { describe, expect, it } from 'vitest';

const WEB = import.meta.glob<Record<string, string>>('../../../i18n/locales/*.json', {
  import: 'default',
  eager: true,
});

/**
 * The word each language uses for resetting the demo account (a stem, lower case). The button
 * and its confirmation are the web's; the toast after it (`ledger.demo-reset`, also the
 * history's line) and the refusal are the server's — in Traditional Chinese the button said
 * 重設 and the toast the Mainland 重置, so a trader could not tell they were one action.
 */
const RESET_WORD: Readonly<Record<Language, string>> = {
  hk: '重設',
  en: 'reset',
  jp: 'リセット',
  kr: '초기화',
  th: 'รีเซ็ต',
  vn: 'đặt lại',
  fr: 'réinitialis',
  de: 'zurück',
  ru: 'сброс',
  spa: 'restablec',
  pt: 'redefini',
  ar: 'إعادة تعيين',
  it: 'reimpost',
  tr: 'sıfırla',
  id: 'atur ulang',
};

describe('the demo reset says one word for one action', () => {
  it.each(LANGUAGES)('%s', (language) => {
    const web = WEB[`../../../i18n/locales/${language}.json`];
    const server = MESSAGES[language];
    const texts = {
      button: web?.['user.reset_demo'],
      confirm: web?.['user.reset_demo_confirm'],
      history: web?.['order.reason_demo-reset'],
      toast: server['ledger.demo-reset'],
      refusal: server['error.demo_account_only'],
    };
    for (const [where, text] of Object.entries(texts)) {
      expect(text?.toLocaleLowerCase(language), `${language} ${where}`).toContain(
        RESET_WORD[language],
      );
    }
  });
});
