import { LANGUAGES } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { ANTD_LOCALES } from './antd-locale.ts';
import { ANTD_LOCALE_FILES } from './antd-locale-files.ts';

describe('ANTD_LOCALE_FILES', () => {
  // The build preloads the file named here, the app imports the one antd-locale.ts names: were
  // they different, a reader would download one and wait for the other.
  it.each(LANGUAGES)('%s: names the texts antd-locale.ts loads', async (language) => {
    const named = await import(`antd-mobile/es/locales/${ANTD_LOCALE_FILES[language]}.js`);
    expect((await ANTD_LOCALES[language]()).default).toBe(named.default);
  });
});
