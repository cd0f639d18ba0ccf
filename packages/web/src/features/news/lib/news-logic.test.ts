import type { NewsItem } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { newestPinned, newsDay, newsDetailPath, newsIdOf, nextNewsPage } from './news-logic.ts';

const item = (id: number, pinned: 0 | 1): NewsItem => ({
  id,
  title: `t${id}`,
  desc: '',
  logo: '',
  created_at: '2026-11-01 10:00:00',
  pinned,
  category_id: 2,
  lang: 'en',
});

describe('news logic', () => {
  it('pages until the total is loaded', () => {
    expect(nextNewsPage(1, 0)).toBeUndefined();
    expect(nextNewsPage(1, 10)).toBeUndefined();
    expect(nextNewsPage(1, 11)).toBe(2);
    expect(nextNewsPage(2, 21)).toBe(3);
    expect(nextNewsPage(3, 21)).toBeUndefined();
  });

  it('finds the newest pinned announcement, or none', () => {
    expect(newestPinned(undefined)).toBeUndefined();
    expect(newestPinned([item(1, 0)])).toBeUndefined();
    expect(newestPinned([item(3, 1), item(2, 1), item(1, 0)])?.id).toBe(3);
  });

  it('reads only a positive integer id', () => {
    expect(newsIdOf('?id=12')).toBe(12);
    expect(newsIdOf('?id= 7 ')).toBe(7);
    for (const bad of [
      '',
      '?id=',
      '?id=0',
      '?id=-1',
      '?id=1.5',
      '?id=abc',
      '?id=1e3',
      '?id=99999999999',
    ])
      expect(newsIdOf(bad)).toBeNull();
  });

  it('builds the detail path and the day', () => {
    expect(newsDetailPath(5)).toBe('/news/detail?id=5');
    expect(newsDay('2026-11-01 10:00:00')).toBe('2026-11-01');
  });
});
