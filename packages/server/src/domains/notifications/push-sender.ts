import https from 'node:https';
import tls from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { ChannelSender } from '../../platform/notify/trader-notices.ts';
import { deliveryOptionsOf, pushMessageOf } from './push-message.ts';
import type { PushSubscriptions } from './push-subscriptions.repository.ts';
import type { VapidKeys } from './vapid-keys.ts';

/** A push service that answers slower than this is retried later. */
const PUSH_TIMEOUT_MS = 10_000;

/** A push service's answer that the subscription no longer exists (RFC 8030 §7.3). */
const isGone = (error: unknown): boolean =>
  error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410);

/**
 * The outbox's push channel: a notice to each of the trader's devices through the `web-push`
 * library (VAPID-signed, encrypted for the device, RFC 8291). A device its service reports
 * gone is dropped; any other failure fails the notice, which the outbox retries with its
 * back-off — the devices already reached show the resend in place of the first (same tag).
 */
export function createPushSender(deps: {
  devices: Pick<PushSubscriptions, 'ofUser' | 'drop'>;
  keys: VapidKeys;
  subject: string;
  /** Certificates (PEM) to trust besides the public roots: a private push service's. */
  extraCa?: string;
  log: FastifyBaseLogger;
}): ChannelSender {
  // Connections to a push service are kept open: the next notice skips the TLS handshake.
  const agent = new https.Agent({
    keepAlive: true,
    ...(deps.extraCa && { ca: [...tls.rootCertificates, deps.extraCa] }),
  });
  const vapidDetails = {
    subject: deps.subject,
    publicKey: deps.keys.publicKey,
    privateKey: deps.keys.privateKey,
  };
  return async (notice) => {
    const devices = await deps.devices.ofUser(notice.userId);
    if (devices.length === 0) return;
    const message = pushMessageOf(notice);
    const options = {
      ...deliveryOptionsOf(message.kind),
      vapidDetails,
      agent,
      timeout: PUSH_TIMEOUT_MS,
    };
    const failures: unknown[] = [];
    await Promise.all(
      devices.map(async (device) => {
        try {
          await webpush.sendNotification(device, JSON.stringify(message), options);
        } catch (error) {
          if (!isGone(error)) return void failures.push(error);
          deps.log.info({ device: device.id, key: notice.key }, 'push device gone; dropped');
          await deps.devices.drop(device.id);
        }
      }),
    );
    if (failures.length > 0) {
      const first = failures[0];
      const reason =
        first instanceof webpush.WebPushError
          ? `${first.statusCode} ${first.body}`
          : String(first instanceof Error ? first.message : first);
      throw new Error(`push failed for ${failures.length} of ${devices.length} devices: ${reason}`);
    }
  };
}
