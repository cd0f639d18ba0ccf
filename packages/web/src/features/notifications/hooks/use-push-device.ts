import { useQueryClient } from '@tanstack/react-query';
import type { RequestOf } from '@tradedesk/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../lib/api-client.ts';
import { notificationSettingsQuery } from '../../../lib/notification-settings-query.ts';
import { toast } from '../../../lib/toast.ts';
import { base64UrlToBytes, canPush, type PushState, pushStateOf } from '../lib/push-support.ts';

/** The subscription this browser holds now, without waiting for a worker that may never come. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks the browser for a subscription to the server's key and hands it to the server. */
async function subscribeDevice(): Promise<{ subscription: PushSubscription; devices: number }> {
  const { public_key } = await api('pushKey', undefined, { loading: true });
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(public_key),
  });
  try {
    const json = subscription.toJSON() as RequestOf<'pushSubscribe'>;
    const settings = await api('pushSubscribe', json, { loading: true });
    return { subscription, devices: settings.push_devices };
  } catch (error) {
    // The server refused it: the browser must not keep a subscription nobody sends to.
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
}

/**
 * Push on this device (issue 41): where it stands, and turning it on (the browser asks the
 * trader, subscribes to the server's key, the server keeps the subscription) or off (the
 * browser drops the subscription and the server forgets it).
 */
export function usePushDevice(): {
  state: PushState;
  busy: boolean;
  turnOn: () => Promise<void>;
  turnOff: () => Promise<void>;
} {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const supported = canPush();
  const [permission, setPermission] = useState<NotificationPermission>(() =>
    supported ? Notification.permission : 'default',
  );
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    currentSubscription()
      .then(async (found) => {
        if (!live) return;
        setSubscription(found);
        // The browser's subscription belongs to whoever is logged in now (a shared device, a
        // new login): handed to the server again, it follows this trader, in this language.
        if (found && Notification.permission === 'granted') {
          await api('pushSubscribe', found.toJSON() as RequestOf<'pushSubscribe'>);
          await queryClient.invalidateQueries(notificationSettingsQuery);
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [supported, queryClient]);

  /** The server's answer carries the device count the page shows. */
  const refresh = () => queryClient.invalidateQueries(notificationSettingsQuery);

  async function run(step: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    try {
      await step();
    } catch (error) {
      // The client has toasted a server's refusal; a browser's own failure is told here.
      if (!(error instanceof ApiError)) toast.show({ content: t('notifications.push_failed') });
    } finally {
      setBusy(false);
    }
  }

  const turnOn = () =>
    run(async () => {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer !== 'granted') return;
      setSubscription((await subscribeDevice()).subscription);
      await refresh();
    });

  const turnOff = () =>
    run(async () => {
      if (!subscription) return;
      const { endpoint } = subscription;
      await subscription.unsubscribe();
      setSubscription(null);
      await api('pushUnsubscribe', { endpoint }, { loading: true });
      await refresh();
    });

  return {
    state: pushStateOf({ supported, permission, subscribed: subscription !== null }),
    busy,
    turnOn,
    turnOff,
  };
}
