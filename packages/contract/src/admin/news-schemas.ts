import { z } from 'zod';
import { choiceField, idField, optionalId, pageField } from '../http/fields.ts';
import { LANGUAGES } from '../languages.ts';
import { NEWS_CATEGORY_IDS, NEWS_FIELD_MAX, NEWS_STATUS } from '../news.ts';

/**
 * The editor's side of news: every article in every language, drafts included. Content is
 * sent as HTML and stored sanitized; what the editor reads back is what traders will see.
 */

const paged = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), total: z.number().int() });

const optionalChoice = <const T extends readonly [number, ...number[]]>(choices: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), choiceField(choices).optional());

/** 0 draft (traders never see it), 1 published. */
export const NEWS_STATUSES = [NEWS_STATUS.draft, NEWS_STATUS.published] as const;

export const adminNewsListRequestSchema = z.object({
  category_id: optionalChoice(NEWS_CATEGORY_IDS),
  status: optionalChoice(NEWS_STATUSES),
  page: pageField(),
});

export const adminNewsTextSchema = z.object({
  title: z.string().trim().min(1).max(NEWS_FIELD_MAX.title),
  desc: z.string().trim().max(NEWS_FIELD_MAX.desc).default(''),
  content: z.string().max(NEWS_FIELD_MAX.content).default(''),
});
export type AdminNewsText = z.infer<typeof adminNewsTextSchema>;

/** One article as the editor's list shows it. Times "YYYY-MM-DD HH:mm:ss" UTC, empty for never. */
export const adminNewsRowSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  status: z.union([z.literal(0), z.literal(1)]),
  pinned: z.union([z.literal(0), z.literal(1)]),
  logo: z.string(),
  /** The English title, else the hk one, else any. */
  title: z.string(),
  /** Languages that have a text. */
  languages: z.array(z.enum(LANGUAGES)),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string(),
});
export type AdminNewsRow = z.infer<typeof adminNewsRowSchema>;
export const adminNewsListSchema = paged(adminNewsRowSchema);

export const adminNewsArticleSchema = adminNewsRowSchema.extend({
  texts: z.partialRecord(z.enum(LANGUAGES), adminNewsTextSchema),
});
export type AdminNewsArticle = z.infer<typeof adminNewsArticleSchema>;

/**
 * Create (no id) or edit an article. `texts` is the whole set: a language left out is
 * removed. A published article keeps an English or hk text, so every reader has a fallback.
 */
export const saveNewsRequestSchema = z.object({
  id: optionalId(),
  category_id: choiceField(NEWS_CATEGORY_IDS),
  logo: z.string().trim().max(NEWS_FIELD_MAX.logo).default(''),
  texts: z
    .partialRecord(z.enum(LANGUAGES), adminNewsTextSchema)
    .refine((texts) => Object.keys(texts).length > 0, { message: 'texts' }),
});
export type SaveNewsRequest = z.input<typeof saveNewsRequestSchema>;

const flag = () => choiceField([0, 1]);
export const publishNewsRequestSchema = z.object({ id: idField(), published: flag() });
export const pinNewsRequestSchema = z.object({ id: idField(), pinned: flag() });
export const newsArticleRequestSchema = z.object({ id: idField() });

export const newsCoverSchema = z.object({ url: z.string() });
