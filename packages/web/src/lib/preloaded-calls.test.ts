import { afterEach, describe, expect, it } from 'vitest';
import { takePreloadedUrl } from './preloaded-calls.ts';

function addPreload(href: string): void {
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'fetch');
  link.setAttribute('href', href);
  document.head.append(link);
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('takePreloadedUrl', () => {
  it("gives the first call of an endpoint the preload's URL, once", () => {
    addPreload('/api/company/getCompanyStatus?t=1793718009236');
    addPreload('/v1/api/forex/trade_list?t=1793718009236');
    expect(takePreloadedUrl('/v1/api/forex/trade_list', 800)).toBe(
      '/v1/api/forex/trade_list?t=1793718009236',
    );
    // The second call is a call of its own, with its own timestamp.
    expect(takePreloadedUrl('/v1/api/forex/trade_list', 900)).toBeUndefined();
    expect(takePreloadedUrl('/api/company/getCompanyStatus', 900)).toBe(
      '/api/company/getCompanyStatus?t=1793718009236',
    );
  });

  it('matches the whole path, not a prefix of it', () => {
    addPreload('/v1/api/forex/trade_list?t=1');
    expect(takePreloadedUrl('/v1/api/forex/trade', 10)).toBeUndefined();
    expect(takePreloadedUrl('/v1/api/forex/trade_list', 10)).toBe('/v1/api/forex/trade_list?t=1');
  });

  it('leaves a stale preload unused: a first call long after start fetches afresh', () => {
    addPreload('/v1/api/forex/trade_list?t=1');
    expect(takePreloadedUrl('/v1/api/forex/trade_list', 60_000)).toBeUndefined();
    expect(document.querySelector('link[rel="preload"]')).toBeNull();
  });

  it('ignores the template the dev server serves unstamped', () => {
    addPreload('/v1/api/forex/trade_list?t=__REQUEST_TIME__');
    expect(takePreloadedUrl('/v1/api/forex/trade_list', 10)).toBeUndefined();
  });
});
