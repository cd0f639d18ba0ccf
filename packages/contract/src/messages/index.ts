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

/** Fills `{name}` placeholders; a missing variable stays visible rather than vanishing. */
export function interpolate(template: string, vars: MessageVars = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : whole,
  );
}

/** An own entry of a catalogue: never a member of Object.prototype (`constructor`, `toString`). */
function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * The message for `key` in `language`, falling back to English, then to the key itself. Total:
 * an unknown language or key never throws, because it runs after a command has committed.
 */
export function translateMessage(language: Language, key: string, vars?: MessageVars): string {
  const catalogue = own(MESSAGES, language) ?? MESSAGES.en;
  const template = own(catalogue, key) ?? own(MESSAGES.en, key) ?? key;
  return interpolate(template, vars);
}
