import type { NoticeKind, PushMessage } from '@tradedesk/contract';
import { translateMessage } from '@tradedesk/contract/messages';
import type { SendableNotice } from '../../platform/notify/trader-notices.ts';

/** The kind of a notice by its text's name (`mail.<name>_subject|body`). */
export function noticeKindOf(name: string): NoticeKind | 'test' {
  if (name === 'push_test') return 'test';
  if (name.startsWith('alert_')) return 'price';
  if (name.startsWith('margin_')) return 'margin';
  if (name.startsWith('closed_')) return 'close';
  if (name.startsWith('order_')) return 'order';
  if (name.startsWith('deposit_') || name.startsWith('withdraw_')) return 'funding';
  if (name.startsWith('copy_')) return 'copy';
  return 'test';
}

/** The screen a tap opens, by kind. */
const SCREEN_OF: Record<NoticeKind | 'test', string> = {
  price: '/mine/alerts',
  margin: '/order',
  close: '/mine/notices',
  order: '/order',
  funding: '/mine/wallet',
  copy: '/copies',
  test: '/mine/notifications',
};

/**
 * How long a push service keeps a message for a device that is off, how soon it must reach
 * it, and whether a newer one replaces it: a margin call is worth little an hour late and
 * only the latest counts (RFC 8030 §5.2–5.4).
 */
export function deliveryOptionsOf(kind: NoticeKind | 'test'): {
  TTL: number;
  urgency: 'normal' | 'high';
  topic?: string;
} {
  if (kind === 'margin') return { TTL: 10 * 60, urgency: 'high', topic: 'margin' };
  if (kind === 'price' || kind === 'close') return { TTL: 60 * 60, urgency: 'high' };
  if (kind === 'test') return { TTL: 60, urgency: 'normal' };
  return { TTL: 24 * 60 * 60, urgency: 'normal' };
}

/**
 * What the device shows: the notice's e-mail subject and body, in the trader's language. The
 * tag is the notice's key, so a resend after a failed attempt replaces, not repeats.
 */
export function pushMessageOf(notice: SendableNotice): PushMessage {
  const kind = noticeKindOf(notice.kind);
  const text = (part: 'subject' | 'body') =>
    translateMessage(notice.language, `mail.${notice.kind}_${part}`, notice.vars);
  return {
    title: text('subject'),
    body: text('body'),
    url: SCREEN_OF[kind],
    tag: kind === 'margin' ? 'margin' : notice.key,
    kind,
  };
}
