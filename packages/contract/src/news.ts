/**
 * News and announcements (SPEC.md §3 News): constants without schemas, so that the web and
 * back-office bundles read them without the validation library.
 */

/** Category ids: the two tabs of /news; /mine/announcement lists the second. */
export const NEWS_CATEGORIES = { news: 1, announcement: 2 } as const;
export const NEWS_CATEGORY_IDS = [NEWS_CATEGORIES.news, NEWS_CATEGORIES.announcement] as const;
export type NewsCategoryId = (typeof NEWS_CATEGORY_IDS)[number];

/** An article's status: 0 a draft (traders never see it), 1 published. */
export const NEWS_STATUS = { draft: 0, published: 1 } as const;
export type NewsStatus = (typeof NEWS_STATUS)[keyof typeof NEWS_STATUS];

/** Articles per page of GET /api/news/list. */
export const NEWS_PAGE_SIZE = 10;

/** Where public cover images are served (unlike uploads, anyone may read them). */
export const NEWS_IMAGE_PATH_PREFIX = '/api/news/image/';

/** The languages a reader falls back to, in order, after the asked one. */
export const NEWS_FALLBACK_LANGUAGES = ['en', 'hk'] as const;

/** Longest text each field of an article accepts. */
export const NEWS_FIELD_MAX = {
  title: 200,
  desc: 500,
  /** HTML before sanitizing. */
  content: 100_000,
  logo: 500,
} as const;
