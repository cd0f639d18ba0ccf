import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createGroupCommit, DEFAULT_GROUP_COMMIT } from '../core/group-commit.ts';
import {
  currentTrace,
  markPhase,
  PHASE_MARKS,
  type PhaseTrace,
  phasesOf,
  slowestBreakdown,
  tracePhases,
} from './phase-trace.ts';

describe('phase traces', () => {
  const db = new Kysely<Record<string, never>>({
    dialect: new SqliteDialect({ database: new Database(':memory:') }),
  });
  afterAll(() => db.destroy());

  it("follow each request into the batch that runs its command, though the batch runs in another request's context", async () => {
    const group = createGroupCommit(db, DEFAULT_GROUP_COMMIT);
    const app = Fastify();
    const finished: PhaseTrace[] = [];
    tracePhases(app, (trace) => finished.push(trace));
    app.post('/order', async () => {
      markPhase(currentTrace(), 'queued');
      await group.submit(async (trx) => sql`select 1`.execute(trx));
      markPhase(currentTrace(), 'published');
      return { ok: true };
    });
    // Two requests in one turn: one batch, started from the first one's context.
    await Promise.all([
      app.inject({ method: 'POST', url: '/order' }),
      app.inject({ method: 'POST', url: '/order' }),
    ]);
    await app.close();
    expect(group.counts()).toEqual({ batches: 1, commands: 2 });
    expect(finished).toHaveLength(2);
    expect(finished[0]).not.toBe(finished[1]);
    for (const trace of finished) {
      const times = PHASE_MARKS.map((mark) => trace[mark]);
      expect(times.every((t) => t !== undefined)).toBe(true);
      expect([...times].sort((a, b) => a! - b!)).toEqual(times);
    }
    // The second command started after the first one's run ended.
    const [first, second] = [...finished].sort((a, b) => a.begun! - b.begun!);
    expect(second!.begun!).toBeGreaterThanOrEqual(first!['run-end']!);
  });

  it('marks a moment once, and nothing outside a traced request', () => {
    const trace: PhaseTrace = {};
    markPhase(trace, 'begun');
    const first = trace.begun;
    markPhase(trace, 'begun');
    expect(trace.begun).toBe(first);
    expect(currentTrace()).toBeUndefined();
    expect(() => markPhase(undefined, 'begun')).not.toThrow();
  });

  it('breaks down the slowest share by phase, beside every complete trace', () => {
    const at = (...gaps: number[]): PhaseTrace => {
      const trace: PhaseTrace = {};
      let now = 0;
      PHASE_MARKS.forEach((mark, i) => {
        now += i === 0 ? 0 : gaps[i - 1]!;
        trace[mark] = now;
      });
      return trace;
    };
    const typical = Array.from({ length: 99 }, () => at(1, 0, 1, 2, 1, 0, 1));
    const slow = at(1, 0, 90, 2, 1, 0, 1);
    const incomplete: PhaseTrace = { received: 0, replied: 5 };
    const breakdown = slowestBreakdown([...typical, slow, incomplete], 0.01);
    expect([breakdown.count, breakdown.slow]).toEqual([100, 1]);
    expect(breakdown.phases.map((p) => p.slowMs)).toEqual([1, 0, 90, 2, 1, 0, 1]);
    expect(breakdown.phases[2]!.allMs).toBeCloseTo((99 + 90) / 100);
    expect(phasesOf(incomplete)).toBeUndefined();
  });
});
