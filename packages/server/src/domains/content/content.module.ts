import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { ImageWorkQueue } from '../uploads/index.ts';
import type { UserRecord } from '../users/index.ts';
import { createNewsRepository } from './news.repository.ts';
import { registerNewsRoutes } from './news.routes.ts';
import { createNewsService } from './news.service.ts';
import { createNewsImages } from './news-images.ts';
import { seedNews } from './seed-news.ts';
import type { ContentTables } from './tables.ts';

/** News and announcements (issue 12): seeded on a fresh database, read by all, written by editors. */
export const contentModule: AppModule<{
  db: Kysely<ContentTables>;
  /** An editor's change and its audit row, in one transaction. */
  transact: Transact;
  storage: Storage;
  auth: AdminAuth;
  authenticate: (token: string | null) => Promise<UserRecord | null>;
  maxBytes: number;
  /** The node's one line of picture decoding, shared with traders' uploads. */
  imageWork: ImageWorkQueue;
  now: () => number;
}> = {
  name: 'content',
  async register(app, deps) {
    const { db, transact, storage, now } = deps;
    const images = createNewsImages({ transact, storage, imageWork: deps.imageWork, now });
    await seedNews({ db, images, now });
    await registerNewsRoutes(app, {
      news: createNewsService({ news: createNewsRepository(db), transact, now }),
      images,
      auth: deps.auth,
      authenticate: deps.authenticate,
      maxBytes: deps.maxBytes,
    });
    return { api: undefined };
  },
};
