import { translateMessage } from '@tradedesk/contract/messages';
import nodemailer from 'nodemailer';
import { type Notifier, noticeText } from './notifier.ts';

const CODE_TTL_MINUTES = 10;
/** The header naming a notice (`NoticeMessage.key`). */
export const NOTICE_KEY_HEADER = 'X-Notice-Key';

/** Sends e-mailed codes through SMTP_URL, in the language the request came in. */
export function createSmtpNotifier(options: { smtpUrl: string; from: string }): Notifier & {
  close(): void;
} {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async sendCode({ channel, to, code, language }) {
      if (channel !== 'email') throw new Error('The SMTP notifier only sends e-mail');
      await transport.sendMail({
        from: options.from,
        to,
        subject: translateMessage(language, 'mail.code_subject'),
        text: translateMessage(language, 'mail.code_body', { code, minutes: CODE_TTL_MINUTES }),
      });
    },
    async sendNotice(message) {
      if (message.channel !== 'email') throw new Error('The SMTP notifier only sends e-mail');
      const { subject, body } = noticeText(message, (key, vars) =>
        translateMessage(message.language, key, vars),
      );
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject,
        text: body,
        // Sent again after a failure, a notice carries the same key: a resend is recognisable.
        ...(message.key && { headers: { [NOTICE_KEY_HEADER]: message.key } }),
      });
    },
    close: () => transport.close(),
  };
}

/** E-mail through SMTP when configured; everything else (SMS) to the outbox. */
export function routeByChannel(routes: { email: Notifier; sms: Notifier }): Notifier {
  return {
    sendCode: (message) => routes[message.channel].sendCode(message),
    sendNotice: (message) => routes[message.channel].sendNotice(message),
  };
}
