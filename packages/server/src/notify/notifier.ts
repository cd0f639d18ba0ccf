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

/** Delivers verification codes. Chosen once at start: outbox file, SMTP, or both per channel. */
export interface Notifier {
  sendCode(message: CodeMessage): Promise<void>;
}
