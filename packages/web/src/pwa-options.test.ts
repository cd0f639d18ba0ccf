import { describe, expect, it } from 'vitest';
import icon192 from '../public/icons/icon-192.png?inline';
import icon512 from '../public/icons/icon-512.png?inline';
import maskable512 from '../public/icons/maskable-512.png?inline';
import manifestText from '../public/manifest.webmanifest?raw';
import pushWorker from '../public/push-sw.js?raw';
import { NETWORK_ONLY_PATHS, PWA_OPTIONS } from './pwa-options.ts';

/** Width and height from a PNG's IHDR chunk (bytes 16–23), read from its data URL. */
function pngSize(dataUrl: string): { width: number; height: number; png: boolean } {
  const bytes = Uint8Array.from(atob(dataUrl.split(',')[1] ?? ''), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  return {
    png: dataUrl.startsWith('data:image/png;base64,') && bytes[1] === 0x50 && bytes[2] === 0x4e,
    width: view.getUint32(16),
    height: view.getUint32(20),
  };
}

describe('web app manifest (SPEC.md §7)', () => {
  const manifest = JSON.parse(manifestText);

  it('has what an installable app needs', () => {
    expect(manifest).toMatchObject({
      name: 'TradeDesk',
      short_name: 'TradeDesk',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('lists 192 and 512 PNG icons and a maskable one, each the size it says', () => {
    const icons = manifest.icons as {
      src: string;
      sizes: string;
      type: string;
      purpose?: string;
    }[];
    const files: Record<string, string> = {
      '/icons/icon-192.png': icon192,
      '/icons/icon-512.png': icon512,
      '/icons/maskable-512.png': maskable512,
    };
    const pngs = icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
    expect(pngs.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const entry of pngs) {
      const file = files[entry.src];
      expect(file, entry.src).toBeDefined();
      const { png, width, height } = pngSize(file ?? '');
      expect(png).toBe(true);
      expect(`${width}x${height}`).toBe(entry.sizes);
    }
  });
});

describe('service worker options', () => {
  const workbox = PWA_OPTIONS.workbox ?? {};
  const denied = (path: string) =>
    (workbox.navigateFallbackDenylist ?? []).some((pattern) => pattern.test(path));

  it('opens the app shell for navigations offline', () => {
    expect(workbox.navigateFallback).toBe('/index.html');
    expect(workbox.globPatterns?.join()).toMatch(/js.*css.*html/);
    for (const path of ['/', '/index.html', '/product', '/mine/charge'])
      expect(denied(path), path).toBe(false);
  });

  it('never answers API, socket, back office, docs or health navigations with the shell', () => {
    expect(workbox.navigateFallbackDenylist).toEqual(NETWORK_ONLY_PATHS);
    for (const path of [
      '/api/company/getCompanyStatus',
      '/api',
      '/v1/api/forex/trade_list',
      '/v1/ws',
      '/admin/',
      '/admin/users/7',
      '/docs',
      '/docs/json',
      '/health',
    ])
      expect(denied(path), path).toBe(true);
    // Not a prefix match on look-alikes: an app route named /apiary would still get the shell.
    expect(denied('/apiary')).toBe(false);
  });

  it('caches nothing at run time, so no API answer is ever stored', () => {
    expect(workbox.runtimeCaching ?? []).toEqual([]);
    // No inline registration script (the CSP forbids one): the app registers the worker.
    expect(PWA_OPTIONS.injectRegister).toBe(false);
  });
});

describe('push in the service worker (issue 41)', () => {
  it('loads public/push-sw.js, which handles push and a tap on a notification', () => {
    expect(PWA_OPTIONS.workbox?.importScripts).toEqual(['push-sw.js']);
    expect(pushWorker).toContain("addEventListener('push'");
    expect(pushWorker).toContain("addEventListener('notificationclick'");
  });
});
