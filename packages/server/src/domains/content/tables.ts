import type { Id, Int, Millis } from '../../platform/db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface ContentTables {
  news_articles: NewsArticlesTable;
  news_texts: NewsTextsTable;
}

/** A news article (category 1) or announcement (2); status 0 draft, 1 published. */
export interface NewsArticlesTable {
  id: Id;
  category_id: Int;
  status: Int;
  pinned: Int;
  /** Cover image URL; empty for none. */
  logo: string;
  /** Set on seeded articles only: what makes seeding idempotent across nodes. */
  seed_key: string | null;
  created_at: Millis;
  updated_at: Millis;
  published_at: Millis | null;
}

/** An article's text in one language; content is sanitized HTML. */
export interface NewsTextsTable {
  article_id: Int;
  lang: string;
  title: string;
  desc: string;
  content: string;
}
