/**
 * The browsers' push services, by host: Chrome and Edge (FCM), Firefox (Mozilla autopush),
 * Safari (Apple), legacy Edge (WNS). The server posts to a subscription's endpoint, so it
 * posts only to these (and origins the operator adds): a trader cannot point the server at
 * an address of their choosing, say one inside its network.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
] as const;

/** Whether the server may post to `endpoint`: https to a known push service, or an added origin. */
export function isPushServiceEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return PUSH_SERVICE_HOSTS.some(
    (host) => url.hostname === host || url.hostname.endsWith(`.${host}`),
  );
}
