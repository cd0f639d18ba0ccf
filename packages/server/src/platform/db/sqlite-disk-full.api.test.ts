import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { asLots, asPricePoints, NO_PRICE } from '@tradedesk/engine';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createScriptedFeed } from '../../domains/market/feed/feed.ts';
import { type AppHandles, withHandles } from '../../testing/app-handles.ts';
import { callerOf, demoUser, submitPayload, type TestApp } from '../../testing/test-app.ts';
import { openSqlite, type Store } from './database.ts';

/** A small tmpfs of the test's own: a disk that really fills. Needs root (CI runs as root). */
function mountSmallDisk(): string | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-full-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', dir]);
  if (mounted.status === 0) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  return undefined;
}

const disk = mountSmallDisk();
if (!disk) {
  if (process.env.CI === 'true') throw new Error('mounting a tmpfs is required when CI=true');
  console.warn('cannot mount a tmpfs (not root?): the full-disk tests are skipped here.');
}

/** Fills the disk to the last byte with one file; answers its path. */
function fill(dir: string): string {
  const filler = path.join(dir, 'filler');
  const fd = fs.openSync(filler, 'w');
  for (const size of [1 << 20, 1 << 12, 1]) {
    const chunk = Buffer.alloc(size, 7);
    try {
      for (;;) fs.writeSync(fd, chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    }
  }
  fs.closeSync(fd);
  return filler;
}

/**
 * Issue 23, item 3: SQLite's disk fills up under a running server, and is freed. Before: every
 * write answered a generic 500, the log drowned the cause in "cannot rollback — no transaction
 * is active", `/health` stayed green and trigger commands failed silently. Now: writes answer
 * 503 "temporarily unable to save" in the envelope, the cause is logged once, `/health` says
 * the database refuses writes, and once space returns a take profit the full disk held back
 * fires on the next tick — all without a restart.
 */
describe.skipIf(!disk)('SQLite on a full disk', () => {
  let built: BuiltApp & AppHandles;
  let store: Store;
  let call: TestApp['call'];
  const lines: string[] = [];
  const feed = createScriptedFeed();
  const clock = { now: Date.UTC(2026, 10, 2, 12, 0, 0) };

  beforeAll(async () => {
    const dataDir = path.join(disk!, 'data');
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      PASSWORD_HASH_COST: '12',
      WEB_DIST: path.join(dataDir, 'no-web'),
      SAMPLE_TRADERS: 'false',
    });
    store = openSqlite(config.sqlitePath);
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    built = withHandles(
      await buildApp({ config, store, now: () => clock.now, market: { feed }, logStream }),
    );
    await built.app.ready();
    call = callerOf(built.app);
  });
  afterAll(async () => {
    await built?.app.close();
    await store?.destroy();
    spawnSync('umount', ['-l', disk!]);
    fs.rmSync(disk!, { recursive: true, force: true });
  });

  it('answers writes in the envelope, says so in /health, and fires a held-back take profit once space returns', async () => {
    const t = { ...built, store, call, clock } as unknown as TestApp;
    const eurusd = built.market!.tradeList('EURUSD')[0]!.Id;
    const tick = async (bid: number) => {
      clock.now += 1_000;
      feed.push({ instrumentId: eurusd, bid, ask: bid + 8, time: clock.now, volume: 1 });
      await built.trading!.idle();
    };
    await tick(108_500);
    const { user, token } = await demoUser(t, 'full-disk-trader');
    const position = await built.trading!.openMarket(user, {
      instrumentId: eurusd,
      side: 'buy',
      lots: asLots(10_000n),
      leverage: 100,
      takeProfit: asPricePoints(108_600n),
      stopLoss: NO_PRICE,
    });

    // The WAL starts empty, so the next write needs new space; then the disk fills.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(store.db);
    const filler = fill(disk!);

    const order = await call('POST', '/v1/api/forex/submit', submitPayload(eurusd), {
      authorization: token,
    });
    expect(order).toMatchObject({ status: 503, code: 1041 });
    expect(order.msg).toMatch(/temporarily unable to save/);
    const health = await call('GET', '/health');
    expect(health).toMatchObject({ status: 503, code: 1041 });
    expect(health.data.status).toBe('database refuses writes');

    // The take profit is reached while the disk is full: its command cannot commit.
    await tick(108_700);
    await tick(108_710);
    const held = await store.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', position.id)
      .executeTakeFirstOrThrow();
    expect(Number(held.status)).toBe(1);

    // The real cause is logged, once; not a single "cannot rollback".
    const text = lines.join('\n');
    expect(text).not.toMatch(/cannot rollback/);
    expect(lines.filter((l) => l.includes('database refuses writes'))).toHaveLength(1);
    expect(text).toMatch(/database or disk is full/);
    expect(lines.filter((l) => l.includes('"level":50') && !l.includes('refuses writes'))).toEqual(
      [],
    );

    // Space returns: the next tick fires the take profit; health and orders are back.
    fs.rmSync(filler);
    await tick(108_705);
    const closed = await store.db
      .selectFrom('orders')
      .select(['status', 'close_reason'])
      .where('id', '=', position.id)
      .executeTakeFirstOrThrow();
    expect({ status: Number(closed.status), reason: closed.close_reason }).toEqual({
      status: 3,
      reason: 'take-profit',
    });
    expect(await call('GET', '/health')).toMatchObject({ status: 200, code: 1 });
    expect(
      await call('POST', '/v1/api/forex/submit', submitPayload(eurusd), { authorization: token }),
    ).toMatchObject({ status: 200, code: 1 });
    expect(lines.join('\n')).toMatch(/database serving again/);
  });
});
