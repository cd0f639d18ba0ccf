import type { Language } from '../languages.ts';
import ar from './ar.json';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import hk from './hk.json';
import id from './id.json';
import it from './it.json';
import jp from './jp.json';
import kr from './kr.json';
import pt from './pt.json';
import ru from './ru.json';
import spa from './spa.json';
import th from './th.json';
import tr from './tr.json';
import vn from './vn.json';

/** Server message catalogues: the `msg` of every envelope is translated from these. */
export const MESSAGES: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  hk,
  en,
  jp,
  kr,
  th,
  vn,
  fr,
  de,
  ru,
  spa,
  pt,
  ar,
  it,
  tr,
  id,
};

export type MessageVars = Readonly<Record<string, string | number>>;

/** A message as sent, and the placeholders it was given no variable for (a server bug). */
export interface Translation {
  text: string;
  missing: readonly string[];
}

/**
 * Stands in for a variable the caller did not give. Braces would show the template's inside
 * ("at most {available} USD"); dropping the clause cannot be done the same way in 15 languages;
 * an ellipsis keeps every other word of the translated message, says "some value" in every
 * script, and needs no second wording per message to be kept in step.
 */
export const MISSING_VALUE = '…';

/** Fills `{name}` placeholders; one with no variable becomes MISSING_VALUE and is reported. */
export function fillMessage(template: string, vars: MessageVars = {}): Translation {
  const missing: string[] = [];
  const text = template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    if (Object.hasOwn(vars, name)) return String(vars[name]);
    missing.push(name);
    return MISSING_VALUE;
  });
  return { text, missing };
}

/** An own entry of a catalogue: never a member of Object.prototype (`constructor`, `toString`). */
function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * The message for `key` in `language`, falling back to English, then to the key itself, with
 * the placeholders it could not fill. Total: an unknown language or key, or a missing variable,
 * never throws, because it runs after a command has committed.
 */
export function translate(language: Language, key: string, vars?: MessageVars): Translation {
  const catalogue = own(MESSAGES, language) ?? MESSAGES.en;
  const template = own(catalogue, key) ?? own(MESSAGES.en, key) ?? key;
  return fillMessage(template, vars);
}

/** The text of `translate`: for callers whose variables are fixed where they are written. */
export function translateMessage(language: Language, key: string, vars?: MessageVars): string {
  return translate(language, key, vars).text;
}
