import type { AppModule } from '../app/module.ts';
import { openStorage } from './open-storage.ts';
import type { Storage } from './storage.ts';

/** Where uploads are kept: S3_URL or DATA_DIR/uploads; a storage the caller gives as is. */
export const storageModule: AppModule<
  { s3Url: string | undefined; uploadsDir: string; given: Storage | undefined },
  Storage
> = {
  name: 'storage',
  register(_app, { s3Url, uploadsDir, given }) {
    if (given) return { api: given };
    const storage = openStorage({ s3Url, uploadsDir });
    return { api: storage, stop: () => storage.close() };
  },
};
