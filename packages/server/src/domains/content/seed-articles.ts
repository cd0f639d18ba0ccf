import type { Language } from '@tradedesk/contract';

export interface SeedText {
  title: string;
  desc: string;
  content: string;
}

export interface SeedArticle {
  /** Stable across releases: what makes the seed idempotent. */
  key: string;
  categoryId: 1 | 2;
  pinned: 0 | 1;
  /** How long before the first start it is dated. */
  daysAgo: number;
  cover: { colours: readonly [string, string]; bars: readonly number[] };
  texts: Record<Language, SeedText>;
}

/** Paragraphs (already HTML) joined; lists are passed as whole `<ul>` strings. */
export const html = (...blocks: string[]) =>
  blocks.map((b) => (b.startsWith('<') ? b : `<p>${b}</p>`)).join('');
export const list = (...items: string[]) =>
  `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
