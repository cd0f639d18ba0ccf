import { afterEach, describe, expect, it, vi } from 'vitest';
import { openOverlayCount, openOverlayEntry, releaseOverlayEntry } from './back-closes-overlay.ts';

/** Resolves after history has moved and every popstate of the move (the skips too) is done. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function back(): Promise<void> {
  window.history.back();
  await settle();
}

async function forward(): Promise<void> {
  window.history.forward();
  await settle();
}

/** The router's own entry: what HashRouter writes for a page. */
function navigateTo(key: string, hash: string): void {
  window.history.pushState({ key, idx: window.history.length }, '', hash);
}

describe('Back closes the topmost overlay', () => {
  afterEach(async () => {
    await settle();
    expect(openOverlayCount()).toBe(0);
  });

  it('closes an open sheet and stays on the page; the next Back leaves the page', async () => {
    navigateTo('home', '#/');
    navigateTo('order', '#/order');
    const close = vi.fn();
    const id = openOverlayEntry(close);
    expect(window.location.hash).toBe('#/order');

    await back();
    expect(close).toHaveBeenCalledOnce();
    expect(window.location.hash).toBe('#/order');
    releaseOverlayEntry(id); // The sheet's effect cleans up once closed: nothing more moves.
    await settle();
    expect(window.location.hash).toBe('#/order');

    await back();
    expect(window.location.hash).toBe('#/');
  });

  it('closes a confirmation before the sheet that opened it', async () => {
    navigateTo('wallet', '#/mine/withdraw');
    const sheet = vi.fn();
    const confirm = vi.fn();
    const sheetId = openOverlayEntry(sheet);
    const confirmId = openOverlayEntry(confirm);

    await back();
    expect(confirm).toHaveBeenCalledOnce();
    expect(sheet).not.toHaveBeenCalled();
    releaseOverlayEntry(confirmId);

    await back();
    expect(sheet).toHaveBeenCalledOnce();
    releaseOverlayEntry(sheetId);
    expect(window.location.hash).toBe('#/mine/withdraw');
  });

  it('steps its entry back when closed by a tap, so Back then leaves the page at once', async () => {
    navigateTo('home', '#/');
    navigateTo('register', '#/register');
    const close = vi.fn();
    const id = openOverlayEntry(close);
    releaseOverlayEntry(id); // The mask or a pick closed it.
    await settle();
    expect(window.history.state?.overlay).toBeUndefined();
    expect(close).not.toHaveBeenCalled();

    await back();
    expect(window.location.hash).toBe('#/');
  });

  it('opens a new overlay after a tap-close without the step back popping it', async () => {
    navigateTo('trade', '#/trade');
    const first = openOverlayEntry(vi.fn());
    releaseOverlayEntry(first);
    const second = vi.fn();
    const secondId = openOverlayEntry(second); // Before the first's step back has landed.
    await settle();
    expect(second).not.toHaveBeenCalled();
    expect(window.history.state?.overlay).toBe(secondId);

    await back();
    expect(second).toHaveBeenCalledOnce();
    releaseOverlayEntry(secondId);
    expect(window.location.hash).toBe('#/trade');
  });

  it('skips the entry an overlay left behind when a pick went to another page', async () => {
    navigateTo('home', '#/');
    navigateTo('search', '#/company');
    const id = openOverlayEntry(vi.fn());
    navigateTo('detail', '#/company/7'); // The pick navigated first; the popup then unmounts.
    releaseOverlayEntry(id);
    await settle();
    expect(window.location.hash).toBe('#/company/7');

    await back();
    expect(window.location.hash).toBe('#/company');
    expect(window.history.state?.overlay).toBeUndefined();
    // Forward goes on to the page, over the left entry, without stopping on it.
    await forward();
    expect(window.location.hash).toBe('#/company/7');
    await back();
    await back();
    expect(window.location.hash).toBe('#/');
  });
});
