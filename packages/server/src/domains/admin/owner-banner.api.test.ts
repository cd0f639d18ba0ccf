import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../testing/server-process.ts';

/**
 * Issue 25, item 15: the first start prints the owner's credentials as a plain banner on the
 * terminal, and the structured log no longer carries the password (before, it was a field of a
 * JSON line among the others). Runs `main.ts` as `npm start` does, on an empty data folder.
 */
describe('the first start on an empty database', () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.cleanup();
  });

  it('prints the owner as a banner with the password, and logs only where it is kept', async () => {
    server = await startServerProcess();
    const credentials = fs.readFileSync(path.join(server.dataDir, 'admin-credentials.txt'), 'utf8');
    const password = /password: (\S+)/.exec(credentials)![1]!;
    await expect.poll(() => server!.output()).toContain('first owner created');
    const lines = server.output().split('\n');
    const passwordLine = lines.find((line) => line.includes(password))!;
    expect(passwordLine).toMatch(/^\| {3}password {2}\S+ +\|$/);
    expect(lines.some((line) => /^\| {3}e-mail {4}admin@localhost +\|$/.test(line))).toBe(true);
    expect(server.output()).toContain(`${server.baseUrl}/admin/`);
    // The structured log names the file, never the password.
    const logged = lines.filter((line) => line.startsWith('{'));
    expect(logged.some((line) => line.includes('admin-credentials.txt'))).toBe(true);
    expect(logged.filter((line) => line.includes(password))).toEqual([]);
  }, 60_000);

  it('prints no banner when the owner already exists', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-banner-'));
    try {
      const first = await startServerProcess({ DATA_DIR: dataDir });
      await expect.poll(() => first.output()).toContain('first owner created');
      first.child.kill('SIGTERM');
      await first.exited;
      server = await startServerProcess({ DATA_DIR: dataDir });
      await expect.poll(() => server!.output()).toContain('TradeDesk is running');
      expect(server.output()).not.toContain('first owner created');
    } finally {
      await server?.cleanup();
      server = undefined;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
