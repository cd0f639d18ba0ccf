import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.ts';
import { primaryKey, serial } from '../migration-columns.ts';

/**
 * News and announcements (issue 12): an article, and its text per language. `seed_key` names
 * the articles a fresh installation starts with, so that several nodes seeding at once insert
 * each exactly once (a unique key, not a check-then-insert).
 */
export function contentMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('news_articles')
        .addColumn('id', serial(dialect), primaryKey(dialect))
        .addColumn('category_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('seed_key', 'text', (c) => c.unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        // First publication: what readers see as the date, and what "newest" sorts by.
        .addColumn('published_at', 'bigint')
        .addCheckConstraint('news_articles_category', sql`category_id IN (1, 2)`)
        .addCheckConstraint('news_articles_status', sql`status IN (0, 1)`)
        .addCheckConstraint('news_articles_pinned', sql`pinned IN (0, 1)`)
        .addCheckConstraint('news_articles_published', sql`status = 0 OR published_at IS NOT NULL`)
        .execute();
      await db.schema
        .createIndex('news_articles_listing_idx')
        .on('news_articles')
        .columns(['category_id', 'status', 'pinned', 'published_at'])
        .execute();

      await db.schema
        .createTable('news_texts')
        .addColumn('article_id', 'integer', (c) =>
          c.notNull().references('news_articles.id').onDelete('cascade'),
        )
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('desc', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
        .addPrimaryKeyConstraint('news_texts_pk', ['article_id', 'lang'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('news_texts').execute();
      await db.schema.dropTable('news_articles').execute();
    },
  };
}
