import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { NEWS_CATEGORY_IDS } from '../news.ts';
import { choiceField, idField, pageField } from './fields.ts';

/**
 * News and announcements (SPEC.md §3 News). Each article has a text per language; a reader
 * gets the asked language, else English, else Traditional Chinese (hk). Content is HTML that
 * the server sanitized when it was written.
 */

export const newsListRequestSchema = z.object({
  category_id: choiceField(NEWS_CATEGORY_IDS),
  page: pageField(),
});

/** One row of a news list. `created_at` is when it was first published, "YYYY-MM-DD HH:mm:ss" UTC. */
export const newsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  desc: z.string(),
  /** Cover image URL (ours under NEWS_IMAGE_PATH_PREFIX, or absolute); empty for none. */
  logo: z.string(),
  created_at: z.string(),
  /** 1 when pinned to the top of its category. */
  pinned: z.union([z.literal(0), z.literal(1)]),
  category_id: z.number().int(),
  /** The language the text is in (the asked one or a fallback). */
  lang: z.enum(LANGUAGES),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsListSchema = z.object({
  data: z.array(newsItemSchema),
  total: z.number().int(),
});
export type NewsList = z.infer<typeof newsListSchema>;

export const newsInfoRequestSchema = z.object({ id: idField() });

export const newsInfoSchema = newsItemSchema.extend({
  /** Sanitized HTML. */
  content: z.string(),
});
export type NewsInfo = z.infer<typeof newsInfoSchema>;
