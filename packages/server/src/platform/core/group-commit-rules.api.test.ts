import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { createGroupCommit, type GroupCommitLimits } from './group-commit.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An error as the database reports it, with its SQLSTATE or socket code. */
function databaseError(code: string): Error {
  return Object.assign(new Error(`database error ${code}`), { code });
}

/**
 * The group commit's own rules (issue 27), on a real database: how what waits is cut into
 * batches, what a batch past its time hands on, which failures a command gets another run
 * for. The commands here are the test's: they fail the way the database makes commands fail.
 */
describe.each(DIALECTS)('group commit rules on $name', ({ name, skip }) => {
  let t: TestApp;
  beforeAll(async () => {
    if (!skip) t = await startTestApp(name);
  });
  afterAll(async () => {
    await t?.close();
  });

  const groupOf = (limits: Partial<GroupCommitLimits> = {}) =>
    createGroupCommit(t.store.db, {
      maxBatch: 64,
      maxBatchMs: 1000,
      lanes: 1,
      // PostgreSQL's commands release and take savepoints in one round trip, as in production.
      multiStatement: name === 'postgres',
      ...limits,
    });

  it.skipIf(skip)('cuts what waits into batches of at most maxBatch, in order', async () => {
    const group = groupOf({ maxBatch: 3 });
    const ran: number[] = [];
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6].map((i) =>
        group.submit(async () => {
          ran.push(i);
          return i;
        }),
      ),
    );
    expect(answers).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(group.counts()).toEqual({ batches: 3, commands: 7 });
  });

  it.skipIf(skip)(
    'hands the commands past the batch time to the next batch, first in line',
    async () => {
      const group = groupOf({ maxBatchMs: 5 });
      const ran: string[] = [];
      const slow = (label: string) =>
        group.submit(async () => {
          ran.push(label);
          await sleep(15);
          return label;
        });
      const first = [slow('a'), slow('b'), slow('c')];
      // Submitted while the first batch runs: they queue behind what that batch hands on.
      await sleep(1);
      const later = group.submit(async () => {
        ran.push('d');
        return 'd';
      });
      expect(await Promise.all([...first, later])).toEqual(['a', 'b', 'c', 'd']);
      expect(ran).toEqual(['a', 'b', 'c', 'd']);
      // Each slow command outlasts the batch time, so every batch ends after its first.
      expect(group.counts()).toEqual({ batches: 4, commands: 4 });
    },
  );

  it.skipIf(skip)('takes what arrives while a batch runs into that batch', async () => {
    const group = groupOf();
    let second: Promise<string> | undefined;
    const first = group.submit(async () => {
      // Submitted while the first command runs, inside the same open transaction's time.
      second = group.submit(async () => 'second');
      await sleep(5);
      return 'first';
    });
    expect(await first).toBe('first');
    expect(await second).toBe('second');
    expect(group.counts()).toEqual({ batches: 1, commands: 2 });
  });

  it.skipIf(skip)(
    'starts each command after no more than the commands ahead of it, under steady load',
    async () => {
      // Issue 39: batches that handed their unrun commands back put them ahead of older ones
      // handed back by another lane, and on PostgreSQL one order waited through ten batches.
      // In line, oldest first, a command waits for those ahead of it (one per other client)
      // and for the lanes' first commands, taken as their BEGIN starts.
      const clients = 8;
      // SQLite has one connection, and so one lane (a second would wait for the first).
      const lanes = name === 'postgres' ? 3 : 1;
      const group = groupOf({ lanes, maxBatchMs: 3 });
      let starts = 0;
      const startedBefore: number[] = [];
      const client = async () => {
        for (let i = 0; i < 15; i++) {
          const submittedAt = starts;
          await group.submit(async () => {
            startedBefore.push(starts - submittedAt);
            starts += 1;
            await sleep(1);
          });
        }
      };
      await Promise.all(Array.from({ length: clients }, client));
      expect(startedBefore).toHaveLength(clients * 15);
      expect(Math.max(...startedBefore)).toBeLessThanOrEqual(clients - 1 + lanes);
      expect(group.counts().batches).toBeGreaterThan(1);
    },
  );

  it.skipIf(skip)(
    'runs a command that lost a lock conflict again, up to five more times',
    async () => {
      const group = groupOf();
      let deadlocked = 0;
      const recovers = group.submit(async () => {
        deadlocked += 1;
        if (deadlocked <= 2) throw databaseError('40P01');
        return 'after two deadlocks';
      });
      let serialization = 0;
      const conflict = databaseError('40001');
      const neverWins = group.submit(async () => {
        serialization += 1;
        throw conflict;
      });
      let refusals = 0;
      const other = databaseError('23505');
      const refused = group.submit(async () => {
        refusals += 1;
        throw other;
      });
      expect(await Promise.allSettled([recovers, neverWins, refused])).toEqual([
        { status: 'fulfilled', value: 'after two deadlocks' },
        { status: 'rejected', reason: conflict },
        { status: 'rejected', reason: other },
      ]);
      expect([deadlocked, serialization, refusals]).toEqual([3, 6, 1]);
    },
  );

  it.skipIf(skip)(
    'runs a batch cut before its COMMIT once more, and fails a command cut twice',
    async () => {
      const group = groupOf();
      const runs = { neighbour: 0, cutOnce: 0, cutAlways: 0 };
      const neighbour = group.submit(async () => {
        runs.neighbour += 1;
        return 'neighbour';
      });
      const cutOnce = group.submit(async () => {
        runs.cutOnce += 1;
        if (runs.cutOnce === 1) throw databaseError('ECONNRESET');
        return 'after the cut';
      });
      await expect(Promise.all([neighbour, cutOnce])).resolves.toEqual([
        'neighbour',
        'after the cut',
      ]);
      // Nothing of the cut transaction exists: the neighbour ran again, in the next batch.
      expect(runs).toMatchObject({ neighbour: 2, cutOnce: 2 });
      const gone = databaseError('57P01');
      await expect(
        group.submit(async () => {
          runs.cutAlways += 1;
          throw gone;
        }),
      ).rejects.toBe(gone);
      expect(runs.cutAlways).toBe(2);
      // A failure that is no cut is the batch's answer: no second run.
      const full = databaseError('SQLITE_FULL');
      let fullRuns = 0;
      await expect(
        group.submit(async () => {
          fullRuns += 1;
          throw full;
        }),
      ).rejects.toBe(full);
      expect(fullRuns).toBe(1);
    },
  );
});
