import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';

const here = path.dirname(new URL(import.meta.url).pathname);
const load = (language: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(here, 'locales', `${language}.json`), 'utf8'));
const english = load('en');
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
/** Words that are the same in every language. */
const SAME_EVERYWHERE = new Set(['app.name', 'user.uid']);
/** Names of indices and companies, which many languages write as English does ("Apple"). */
const PROPER_NAMES = [
  'US30',
  'US500',
  'NAS100',
  'AAPL',
  'MSFT',
  'NVDA',
  'TSLA',
  'AMZN',
  'GOOGL',
  'META',
];
/** Words a language shares with English (checked by a reader, not a machine). */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  fr: [
    'notifications.channel_push',
    'system.version',
    'notices.title',
    'notices.lots',
    'rank.variety',
    'copy.instrument',
    'order.holding',
  ],
  de: [
    'user.system',
    'system.title',
    'system.version',
    'rank.variety',
    'copy.instrument',
    'notifications.channel_push',
  ],
  it: [
    'login.password_placeholder',
    // Web push is "push" in these languages' phone settings; Italian writes "E-mail" too.
    'notifications.channel_push',
    'notifications.channel_email',
  ],
  id: ['notifications.channel_push'],
  pt: ['notifications.channel_email'],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('web locales', () => {
  it.each(LANGUAGES)('%s carries every key with the same placeholders, translated', (language) => {
    const messages = load(language);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      expect(placeholders(messages[key] ?? ''), `${language} ${key}`).toEqual(placeholders(text));
      expect(messages[key]?.trim(), `${language} ${key}`).not.toBe('');
    }
    if (language !== 'en') {
      const allowed = new Set([
        ...SAME_EVERYWHERE,
        ...PROPER_NAMES.map((code) => `instrument.${code}`),
        ...(SAME_AS_ENGLISH[language] ?? []),
      ]);
      const untranslated = Object.keys(english).filter(
        (k) => !allowed.has(k) && messages[k] === english[k],
      );
      expect(untranslated, `${language} values still in English`).toEqual([]);
    }
  });

  it('has every key the code asks for', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(path.join(here, '..'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-z_]+\.[a-z_.]+)'/g)) used.add(match[1]!);
      for (const match of text.matchAll(/label: '([a-z_]+\.[a-z_.]+)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(40);
    expect([...used].filter((key) => !(key in english))).toEqual([]);
  });
});
