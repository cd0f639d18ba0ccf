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
    name in vars ? String(vars[name]) : whole,
  );
}

/** The message for `key` in `language`, falling back to English, then to the key itself. */
export function translateMessage(language: Language, key: string, vars?: MessageVars): string {
  const template = MESSAGES[language][key] ?? MESSAGES.en[key] ?? key;
  return interpolate(template, vars);
}
