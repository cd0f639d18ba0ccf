/**
 * Web Push in this browser (issue 41), the parts that need no browser: the server's key as
 * the bytes pushManager.subscribe wants, and what the device block says.
 */

/** Where push stands on this device, as the page tells it. */
export const PUSH_STATES = {
  unsupported: 'unsupported',
  blocked: 'blocked',
  off: 'off',
  on: 'on',
} as const;
export type PushState = (typeof PUSH_STATES)[keyof typeof PUSH_STATES];

/** The VAPID public key (base64url, unpadded, as the server gives it) as bytes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

/**
 * Blocked wins over a subscription the browser still holds: once the permission is denied,
 * nothing pushed is shown, whatever the server keeps.
 */
export function pushStateOf(device: {
  supported: boolean;
  permission: NotificationPermission;
  subscribed: boolean;
}): PushState {
  if (!device.supported) return PUSH_STATES.unsupported;
  if (device.permission === 'denied') return PUSH_STATES.blocked;
  return device.subscribed && device.permission === 'granted' ? PUSH_STATES.on : PUSH_STATES.off;
}

/**
 * Whether this browser can take push at all: notifications, a service worker and a push
 * manager (iOS has them only in an app added to the Home Screen, from 16.4).
 */
export function canPush(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    'serviceWorker' in navigator
  );
}
