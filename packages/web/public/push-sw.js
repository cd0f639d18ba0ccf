/*
 * Web Push for the generated service worker (issue 41), loaded by workbox's importScripts
 * (src/pwa-options.ts). A plain script: it runs in the worker as it is, unbundled.
 *
 * A message is the JSON of contract's PushMessage: {title, body, url, tag, kind}, where `url`
 * is an app route ("/mine/alerts") and the app routes by hash ("/#/mine/alerts").
 */

const ICON = '/icons/icon-192.png';

/** The message's fields, or null when the payload is not a message of ours. */
function readMessage(data) {
  if (!data) return null;
  try {
    const message = data.json();
    if (!message || typeof message !== 'object' || typeof message.title !== 'string') return null;
    return message;
  } catch {
    return null;
  }
}

/** Only a route of this app is opened: never another site's address a payload might carry. */
function appRoute(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  // Something that is not ours (or not JSON) is not shown: a blank notification helps nobody.
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === 'string' ? message.body : '',
      // The same tag replaces an earlier notification of the same thing (an alert firing again).
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      data: { url: appRoute(message.url) },
      icon: ICON,
      badge: ICON,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = `/#${appRoute(event.notification.data?.url)}`;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const mine = open.find((client) => new URL(client.url).origin === self.location.origin);
      if (mine) {
        await mine.focus();
        // navigate() may refuse an uncontrolled client; the focused app stays where it was.
        await mine.navigate(target).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
