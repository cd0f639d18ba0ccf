import type { Kysely } from 'kysely';
import type { AppModule } from '../app/module.ts';
import type { Notifier } from './notifier.ts';
import type { NoticeTables } from './tables.ts';
import { type Contactable, createTraderNotices, type TraderNotices } from './trader-notices.ts';

/**
 * Notices to traders (a deposit credited, an identity refused): recorded in the deciding
 * transaction, sent from here by a poll any node may run.
 */
export const traderNoticesModule: AppModule<
  {
    db: Kysely<NoticeTables>;
    notifier: Pick<Notifier, 'sendNotice'>;
    findUser: (userId: number) => Promise<Contactable | undefined>;
    now: () => number;
  },
  TraderNotices
> = {
  name: 'trader-notices',
  register(app, deps) {
    const notices = createTraderNotices({ ...deps, log: app.log });
    return {
      api: notices,
      start() {
        notices.start();
        // Notices a stopped node left unsent go out now, not awaited: a slow mail server must
        // not hold the start.
        void notices.deliverDue();
      },
      stop: () => notices.stop(),
    };
  },
};
