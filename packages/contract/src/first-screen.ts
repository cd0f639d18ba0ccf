import type { ResponseOf } from './endpoints.ts';
import type { Language } from './languages.ts';

/**
 * The first screen the server renders into the app's page (issue 39): the web build's server
 * module (packages/web/src/first-screen/) renders it, the server (platform/web/
 * first-screen-page.ts) calls it and puts its answers in the page, the app adopts them
 * (web app/first-screen-data.ts). One shape for the three.
 */

/** The answers of the calls the first screens make, in the language they were asked in. */
export interface FirstScreenInput {
  language: Language;
  tradeList: ResponseOf<'tradeList'>;
  categories: ResponseOf<'categories'>;
  announcements: ResponseOf<'newsList'>;
}

/** The rendered screens. */
export interface FirstScreen {
  /** `<html lang dir>` for the language. */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** Home, in the app's shell. */
  home: string;
  /** Trade's shell; its page goes into the element marked `data-first-screen-slot`. */
  tradeShell: string;
  /** Trade's page for each instrument: the page picks the one its address names. */
  trades: { id: number; code: string; html: string }[];
}

/** The id of the page's `<script type="application/json">` that carries the input. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';
