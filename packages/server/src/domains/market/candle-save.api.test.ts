import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../platform/db/database.ts';
import { migrateToLatest } from '../../platform/db/migrate.ts';
import { createTestStore, DIALECTS } from '../../testing/dialects.ts';
import { createMarketRepository } from './market.repository.ts';
import { seedCatalogue } from './seed-catalogue.ts';

describe.each(DIALECTS)('saving candles on $name', ({ name, skip }) => {
  let store: Store;
  beforeEach(async () => {
    if (skip) return;
    store = await createTestStore(name);
    await migrateToLatest(store);
    await seedCatalogue(store.db);
  });
  afterEach(async () => {
    if (!skip) await store.destroy();
  });

  it.skipIf(skip)(
    'merges a minute saved by the feed’s next holder into the old holder’s, keeping low ≤ open and close ≤ high',
    async () => {
      const repository = createMarketRepository(store.db);
      const { id } = await store.db
        .selectFrom('instruments')
        .select('id')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const time = Date.UTC(2026, 10, 3, 15, 0) / 1000;
      const save = (candle: { open: number; high: number; low: number; close: number }) =>
        repository.saveCandles([
          { instrumentId: Number(id), period: '1min', candle: { time, volume: 3, ...candle } },
        ]);
      // The old holder saw the minute open at 100 and dip to 95.
      await save({ open: 100, high: 104, low: 95, close: 103 });
      // The next holder's minute, built from the bus from a later tick (its first at 102).
      await save({ open: 102, high: 110, low: 101, close: 101 });
      const row = await store.db
        .selectFrom('candles')
        .selectAll()
        .where('instrument_id', '=', id)
        .where('period', '=', '1min')
        .where('time', '=', time)
        .executeTakeFirstOrThrow();
      expect([row.open, row.high, row.low, row.close].map(Number)).toEqual([100, 110, 95, 101]);
    },
  );
});
