import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import { isAppError } from '../../platform/http/app-error.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { UserRecord } from '../users/index.ts';
import type { ImageWorkQueue } from './image-work-queue.ts';
import type { UploadsTables } from './tables.ts';
import { registerUploadsRoutes } from './uploads.routes.ts';
import { createUploadsService, type UploadsService } from './uploads.service.ts';

/** How often each node sweeps unreferenced uploads; the sweep is safe on several at once. */
const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Private uploads (ID documents, payment proofs): stored re-encoded, read only by their owner
 * and by operators; those nobody referenced for a day are swept hourly.
 */
export const uploadsModule: AppModule<
  {
    db: Kysely<UploadsTables>;
    storage: Storage;
    limiter: RateLimiter;
    /** The node's one line of picture decoding: traders' uploads and news covers take turns. */
    imageWork: ImageWorkQueue;
    auth: AdminAuth;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
    maxBytes: number;
    now: () => number;
  },
  UploadsService
> = {
  name: 'uploads',
  async register(app, deps) {
    const { auth } = deps;
    const uploads = createUploadsService(deps);
    await registerUploadsRoutes(app, {
      uploads,
      authenticate: deps.authenticate,
      async operatorOf(token) {
        try {
          return { role: (await auth.authorize(token, 'operator')).role };
        } catch (error) {
          if (!isAppError(error)) throw error;
          if (error.result === 'INVALID_SESSION') return null;
          if (error.result === 'ADMIN_2FA_SETUP_REQUIRED') return { role: null };
          throw error;
        }
      },
      maxBytes: deps.maxBytes,
    });
    let sweeper: NodeJS.Timeout | undefined;
    return {
      api: uploads,
      start() {
        sweeper = setInterval(async () => {
          try {
            await uploads.sweep();
          } catch (error) {
            app.log.error({ err: error }, 'upload sweep failed');
          }
        }, UPLOAD_SWEEP_INTERVAL_MS);
        sweeper.unref();
      },
      stop: () => clearInterval(sweeper),
    };
  },
};
