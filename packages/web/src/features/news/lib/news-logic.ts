import { NEWS_PAGE_SIZE, type NewsItem } from '@tradedesk/contract';
import { formatLocalDate } from '../../../lib/local-time.ts';

/** The page after `pages` loaded ones, or undefined when the list is complete. */
export function nextNewsPage(loadedPages: number, total: number): number | undefined {
  return loadedPages * NEWS_PAGE_SIZE < total ? loadedPages + 1 : undefined;
}

/**
 * The banner of home: the newest pinned announcement. The list comes pinned first, then
 * newest; among the pinned the server's order is already newest first.
 */
export function newestPinned(items: readonly NewsItem[] | undefined): NewsItem | undefined {
  return items?.find((item) => item.pinned === 1);
}

/** The article id of /news/detail?id=, or null for anything but a positive integer. */
export function newsIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('id')?.trim() ?? '';
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Where an article opens, with where its back arrow returns on a direct visit. */
export function newsDetailPath(id: number): string {
  return `/news/detail?id=${id}`;
}

/** The day of a "YYYY-MM-DD HH:mm:ss" UTC time in the reader's zone: lists show the day only. */
export function newsDay(createdAt: string): string {
  return formatLocalDate(createdAt);
}
