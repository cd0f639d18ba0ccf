import { describe, expect, it } from 'vitest';
import { RESULT_MESSAGE_KEYS } from '../codes.ts';
import { LANGUAGES } from '../languages.ts';
import { MESSAGES, translateMessage } from './index.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server message catalogues', () => {
  const english = MESSAGES.en;

  it('have a message for every result code', () => {
    for (const key of RESULT_MESSAGE_KEYS) expect(english, key).toHaveProperty([key]);
  });

  it.each(LANGUAGES)('%s carries every key, with the same placeholders, translated', (language) => {
    const messages = MESSAGES[language];
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      expect(placeholders(messages[key] ?? ''), `${language} ${key}`).toEqual(placeholders(text));
    }
    if (language !== 'en') {
      const untranslated = Object.keys(english).filter((key) => messages[key] === english[key]);
      expect(untranslated, `${language} values still in English`).toEqual([]);
    }
  });

  it('fills placeholders and falls back to English, then to the key', () => {
    expect(translateMessage('en', 'error.rate_limited', { seconds: 42 })).toBe(
      'Too many attempts, please try again in 42 s',
    );
    expect(translateMessage('de', 'no.such.key')).toBe('no.such.key');
  });
});
