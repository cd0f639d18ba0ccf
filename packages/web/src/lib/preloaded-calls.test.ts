import fs from 'node:fs';
import path from 'node:path';
import { CACHE_BUST_PARAM, DEFAULT_LANGUAGE, ROUTES } from '@tradedesk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { takePreloadedUrl } from './preloaded-calls.ts';

function addPreload(href: string, language?: string): void {
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'fetch');
  if (language) link.setAttribute('data-language', language);
  link.setAttribute('href', href);
  document.head.append(link);
}

const none = new URLSearchParams();

afterEach(() => {
  document.head.innerHTML = '';
});

describe('takePreloadedUrl', () => {
  it("gives the first call of an endpoint the preload's URL, once", () => {
    addPreload('/api/company/getCompanyStatus?t=1793718009236');
    addPreload('/v1/api/forex/trade_list?t=1793718009236');
    expect(takePreloadedUrl('/v1/api/forex/trade_list', none, 'hk', 800)).toBe(
      '/v1/api/forex/trade_list?t=1793718009236',
    );
    // The second call is a call of its own, with its own timestamp.
    expect(takePreloadedUrl('/v1/api/forex/trade_list', none, 'hk', 900)).toBeUndefined();
    expect(takePreloadedUrl('/api/company/getCompanyStatus', none, 'en', 900)).toBe(
      '/api/company/getCompanyStatus?t=1793718009236',
    );
  });

  it('matches the whole path and the same parameters, in any order', () => {
    addPreload('/api/news/list?category_id=2&page=1&t=5');
    addPreload('/v1/api/forex/trade_list?t=1');
    expect(takePreloadedUrl('/v1/api/forex/trade', none, 'hk', 10)).toBeUndefined();
    const search = new URLSearchParams({ searchCurrency: 'btc' });
    expect(takePreloadedUrl('/v1/api/forex/trade_list', search, 'hk', 10)).toBeUndefined();
    const page2 = new URLSearchParams({ category_id: '2', page: '2' });
    expect(takePreloadedUrl('/api/news/list', page2, 'hk', 10)).toBeUndefined();
    const page1 = new URLSearchParams({ page: '1', category_id: '2' });
    expect(takePreloadedUrl('/api/news/list', page1, 'hk', 10)).toBe(
      '/api/news/list?category_id=2&page=1&t=5',
    );
  });

  it('leaves an answer in another language to the call the reader makes', () => {
    addPreload('/v1/api/forex/getCategories?t=1', 'hk');
    expect(takePreloadedUrl('/v1/api/forex/getCategories', none, 'en', 10)).toBeUndefined();
    expect(takePreloadedUrl('/v1/api/forex/getCategories', none, 'hk', 10)).toBe(
      '/v1/api/forex/getCategories?t=1',
    );
  });

  it('leaves a stale preload unused: a first call long after start fetches afresh', () => {
    addPreload('/v1/api/forex/trade_list?t=1');
    expect(takePreloadedUrl('/v1/api/forex/trade_list', none, 'hk', 60_000)).toBeUndefined();
    expect(document.querySelector('link[rel="preload"]')).toBeNull();
  });

  it('ignores the template the dev server serves unstamped', () => {
    addPreload('/v1/api/forex/trade_list?t=__REQUEST_TIME__');
    expect(takePreloadedUrl('/v1/api/forex/trade_list', none, 'hk', 10)).toBeUndefined();
  });
});

describe("index.html's preloads", () => {
  const html = fs.readFileSync(path.join(__dirname, '../../index.html'), 'utf8');
  const page = new DOMParser().parseFromString(html, 'text/html');
  const links = [...page.querySelectorAll('link[rel="preload"][as="fetch"]')];

  it('are visitor GET calls of the contract, stamped by the server, in the default language', () => {
    expect(links.length).toBeGreaterThanOrEqual(2);
    const gets = Object.values(ROUTES).filter((r) => r.method === 'GET' && r.access === 'visitor');
    for (const link of links) {
      const url = new URL(link.getAttribute('href') ?? '', 'http://x.invalid');
      expect(gets.map((r) => r.path)).toContain(url.pathname);
      expect(url.searchParams.get(CACHE_BUST_PARAM)).toBe('__REQUEST_TIME__');
      expect(link.getAttribute('crossorigin')).toBe('anonymous');
      const language = link.getAttribute('data-language');
      if (language !== null) expect(language).toBe(DEFAULT_LANGUAGE);
    }
  });
});
