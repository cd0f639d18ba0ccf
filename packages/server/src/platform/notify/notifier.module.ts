import type { AppModule } from '../app/module.ts';
import type { Notifier } from './notifier.ts';
import { createOutboxNotifier } from './outbox-notifier.ts';
import { createSmtpNotifier, routeByChannel } from './smtp-notifier.ts';

/**
 * How codes and notices leave: mail through SMTP when SMTP_URL is set (texts still to the
 * outbox file), else everything to the outbox file; a notifier the caller gives (tests) as is.
 */
export const notifierModule: AppModule<
  {
    outboxPath: string;
    smtpUrl: string | undefined;
    smtpFrom: string;
    given: Notifier | undefined;
    now: () => number;
  },
  Notifier
> = {
  name: 'notifier',
  register(app, deps) {
    if (deps.given) return { api: deps.given };
    const outbox = createOutboxNotifier({
      outboxPath: deps.outboxPath,
      log: app.log,
      now: deps.now,
    });
    if (!deps.smtpUrl) return { api: outbox };
    const smtp = createSmtpNotifier({ smtpUrl: deps.smtpUrl, from: deps.smtpFrom });
    return { api: routeByChannel({ email: smtp, sms: outbox }), stop: () => smtp.close() };
  },
};
