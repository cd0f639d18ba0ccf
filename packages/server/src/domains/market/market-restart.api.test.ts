import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { withHandles } from '../../testing/app-handles.ts';
import { createTestStore, DIALECTS } from '../../testing/dialects.ts';
import { createScriptedFeed } from './feed/feed.ts';

describe.each(DIALECTS)('market data across a restart on $name', ({ name, skip }) => {
  it.skipIf(skip)('keeps history and the last price, and generates history only once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-market-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'none'),
      SAMPLE_TRADERS: 'false',
    });
    const store = await createTestStore(name);
    const now = Date.UTC(2026, 10, 2, 12, 0);
    try {
      const feed = createScriptedFeed();
      const first = withHandles(
        await buildApp({
          config,
          store,
          now: () => now,
          logger: false,
          market: { feed },
        }),
      );
      await first.app.ready();
      const btc = first.market!.tradeList('BTCUSD')[0]!;
      feed.push({
        instrumentId: btc.Id,
        bid: 9_712_345,
        ask: 9_714_845,
        time: now + 5_000,
        volume: 2,
      });
      const candlesBefore = first.market!.kline(btc.Id, '5min');
      await first.app.close();
      const rows = await store.db
        .selectFrom('candles')
        .select(({ fn }) => fn.countAll().as('n'))
        .executeTakeFirstOrThrow();

      const second = withHandles(
        await buildApp({
          config,
          store,
          now: () => now + 60_000,
          logger: false,
          market: { feed: createScriptedFeed() },
        }),
      );
      await second.app.ready();
      const again = second.market!.tradeList('BTCUSD')[0]!;
      expect(again.Bid).toBe(97123.45);
      expect(second.market!.kline(btc.Id, '5min')).toEqual(candlesBefore);
      const rowsAfter = await store.db
        .selectFrom('candles')
        .select(({ fn }) => fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(rowsAfter.n)).toBe(Number(rows.n));
      await second.app.close();
    } finally {
      await store.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
