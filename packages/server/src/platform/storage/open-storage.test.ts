import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage } from './open-storage.ts';

const parent = mkdtempSync(join(tmpdir(), 'td-open-storage-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('openStorage', () => {
  it('keeps files under the uploads directory when there is no S3_URL', async () => {
    const uploadsDir = join(parent, 'local');
    const storage = openStorage({ uploadsDir });
    await storage.put('doc.png', Buffer.from('x'), 'image/png');
    expect(readdirSync(uploadsDir)).toEqual(['doc.png']);
    await storage.close();
  });

  it('uses S3 when there is an S3_URL, leaving the uploads directory alone', () => {
    const uploadsDir = join(parent, 's3');
    // An S3_URL error proves the S3 branch was taken, without a server to talk to.
    expect(() => openStorage({ s3Url: 'http://key:secret@minio:9000', uploadsDir })).toThrow(
      /S3_URL must name a bucket/,
    );
    openStorage({ s3Url: 'http://key:secret@minio:9000/uploads', uploadsDir });
    expect(existsSync(uploadsDir)).toBe(false);
  });
});
