import type { Language } from '@tradedesk/contract';

export type CodeChannel = 'email' | 'sms';
export type CodePurposeName = 'register' | 'reset';

export interface CodeMessage {
  channel: CodeChannel;
  /** The destination as the client sent it. */
  to: string;
  code: string;
  purpose: CodePurposeName;
  language: Language;
}

/** A message to a trader about their account (an identity decision), translated when sent. */
export interface NoticeMessage {
  channel: CodeChannel;
  to: string;
  /** What happened, e.g. 'identity.approved'; the subject and body are `mail.<kind>_subject|body`. */
  kind: string;
  vars?: Readonly<Record<string, string | number>>;
  language: Language;
  /**
   * Names the notice (e.g. `deposit:12:credited`), the same on every attempt: notices are sent
   * at least once, and a receiver that sees a key again knows it for a resend.
   */
  key?: string;
}

/**
 * Delivers verification codes and notices. Chosen once at start: outbox file, SMTP, or both
 * per channel.
 */
export interface Notifier {
  sendCode(message: CodeMessage): Promise<void>;
  sendNotice(message: NoticeMessage): Promise<void>;
}

/** The subject and body of a notice in its language. */
export function noticeText(
  message: NoticeMessage,
  translate: (key: string, vars?: NoticeMessage['vars']) => string,
): { subject: string; body: string } {
  return {
    subject: translate(`mail.${message.kind}_subject`, message.vars),
    body: translate(`mail.${message.kind}_body`, message.vars),
  };
}
