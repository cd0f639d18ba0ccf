import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { categoriesQuery, tradeListQuery } from '../features/market/api/market-api.ts';
import { announcementsHeadQuery } from '../features/news/api/news-api.ts';
import { adoptPageData } from './first-screen-data.ts';

/** A page as the server sends it with its first screen: the answers it rendered from, as JSON. */
function pageWith(json: string): Document {
  const page = document.implementation.createHTMLDocument('app');
  const script = page.createElement('script');
  script.type = 'application/json';
  script.id = 'first-screen-data';
  script.textContent = json;
  page.body.append(script);
  return page;
}

const DATA = {
  language: 'hk',
  at: 1,
  tradeList: [{ Id: 1, Code: 'EURUSD' }],
  categories: [{ Id: 1, NameShowTrans: '外匯' }],
  announcements: { data: [{ id: 1, title: '公告' }] },
};

describe("the first screen's data in the page", () => {
  it('fills the cache with every answer for a reader of its language', () => {
    const queries = new QueryClient();
    adoptPageData(queries, 'hk', pageWith(JSON.stringify(DATA)));
    expect(queries.getQueryData(tradeListQuery.queryKey)).toEqual(DATA.tradeList);
    expect(queries.getQueryData(categoriesQuery('hk').queryKey)).toEqual(DATA.categories);
    expect(queries.getQueryData(announcementsHeadQuery('hk').queryKey)).toEqual(DATA.announcements);
  });

  it('gives a reader of another language the quotes only', () => {
    const queries = new QueryClient();
    adoptPageData(queries, 'en', pageWith(JSON.stringify(DATA)));
    expect(queries.getQueryData(tradeListQuery.queryKey)).toEqual(DATA.tradeList);
    expect(queries.getQueryData(categoriesQuery('en').queryKey)).toBeUndefined();
    expect(queries.getQueryData(categoriesQuery('hk').queryKey)).toBeUndefined();
    expect(queries.getQueryData(announcementsHeadQuery('en').queryKey)).toBeUndefined();
  });

  it('leaves the cache empty on a page without it, or with what is not JSON', () => {
    for (const page of [document.implementation.createHTMLDocument('app'), pageWith('{')]) {
      const queries = new QueryClient();
      adoptPageData(queries, 'hk', page);
      expect(queries.getQueryCache().getAll()).toEqual([]);
    }
  });
});
