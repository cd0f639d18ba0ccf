import { describe, expect, it } from 'vitest';
import { RESULT_CODES, type ResultName, resultVarNames } from '../codes.ts';
import { LANGUAGES } from '../languages.ts';
import { fillMessage, MESSAGES, MISSING_VALUE, translate } from './index.ts';

const PLACEHOLDER = /\{(\w+)\}/g;
const placeholders = (text: string): string[] => [
  ...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '')),
];
const sorted = (names: readonly string[]) => [...names].sort();

const RESULTS = Object.keys(RESULT_CODES) as ResultName[];
/** Result names by message key (several results may share a message). */
const RESULTS_BY_KEY = new Map<string, ResultName[]>();
for (const name of RESULTS) {
  const key = RESULT_CODES[name].key;
  RESULTS_BY_KEY.set(key, [...(RESULTS_BY_KEY.get(key) ?? []), name]);
}

/**
 * The variables a message is filled with: those its results declare (codes.ts); a message of
 * no result (an e-mail) declares its English placeholders, which every locale must then match.
 */
function declaredVars(key: string): readonly string[] {
  const results = RESULTS_BY_KEY.get(key);
  return results ? resultVarNames(results[0] as ResultName) : placeholders(MESSAGES.en[key] ?? '');
}

/** A value per variable that no catalogue text contains, so that its place can be checked. */
const sampleVars = (names: readonly string[]) =>
  Object.fromEntries(names.map((name, i) => [name, `⟦${i}:${name}⟧`]));

describe('message variables', () => {
  it('each result declares exactly the placeholders of its English message', () => {
    for (const name of RESULTS) {
      const { key } = RESULT_CODES[name];
      const declared = resultVarNames(name);
      expect(new Set(declared).size, `${name} declares a variable twice`).toBe(declared.length);
      expect(sorted(declared), `${name} (${key})`).toEqual(
        sorted(placeholders(MESSAGES.en[key] ?? '')),
      );
    }
  });

  it('results that share a message declare the same variables', () => {
    for (const [key, names] of RESULTS_BY_KEY) {
      const first = sorted(resultVarNames(names[0] as ResultName));
      for (const name of names)
        expect(sorted(resultVarNames(name)), `${name} ${key}`).toEqual(first);
    }
  });

  it.each(LANGUAGES)(
    '%s: every message uses exactly its declared variables and, filled, shows no brace',
    (language) => {
      for (const [key, text] of Object.entries(MESSAGES[language])) {
        const declared = declaredVars(key);
        expect(sorted(placeholders(text)), `${language} ${key}`).toEqual(sorted(declared));
        const vars = sampleVars(declared);
        const filled = translate(language, key, vars);
        expect(filled.missing, `${language} ${key}`).toEqual([]);
        // Any brace left is a placeholder spelled otherwise ({ min }, {{min}}, {мин}) or a stray one.
        expect(filled.text, `${language} ${key}`).not.toMatch(/[{}]/);
        for (const value of Object.values(vars)) expect(filled.text).toContain(value);
      }
    },
  );

  it('shows an ellipsis, never the placeholder, for a variable not given, and names it', () => {
    const refusal = translate('en', RESULT_CODES.INSUFFICIENT_FUNDS.key);
    expect(refusal).toEqual({
      text: `Not enough funds: at most ${MISSING_VALUE} USD can be withdrawn now`,
      missing: ['available'],
    });
    expect(translate('de', RESULT_CODES.DAILY_LIMIT_EXCEEDED.key, { limit: 5000 })).toMatchObject({
      missing: ['left'],
    });
    expect(fillMessage('{a} of {b}', { a: 1 })).toEqual({
      text: `1 of ${MISSING_VALUE}`,
      missing: ['b'],
    });
  });
});
