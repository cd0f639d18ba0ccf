import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

// Where a slow request spent its time, phase by phase (issue 39: PostgreSQL's tail is to be
// measured, not guessed). Off unless a sink is given (the bench's server): then each HTTP
// request carries a trace from its first byte to its answer, and the command path marks
// the moments it passes — the account's queue, the batch it joins, its own statements, the
// COMMIT, the publish. The group commit takes the trace with the job when it is submitted,
// because a batch runs in the async context of whichever request started it.

/** The moments a command passes, in order; each phase is the time since the one before. */
export const PHASE_MARKS = [
  'received',
  'queued',
  'submitted',
  'begun',
  'run-end',
  'committed',
  'published',
  'replied',
] as const;

export type PhaseMark = (typeof PHASE_MARKS)[number];

/** What each phase (ending at a mark) is called in a breakdown. */
export const PHASE_NAMES: Record<Exclude<PhaseMark, 'received'>, string> = {
  queued: 'HTTP in (parse, hooks, session)',
  submitted: "the account's queue",
  begun: 'in line for a batch (lanes, BEGIN)',
  'run-end': 'its own command',
  committed: 'later commands, COMMIT',
  published: 'publish (memory, sockets)',
  replied: 'answer out',
};

export type PhaseTrace = Partial<Record<PhaseMark, number>>;

const traces = new AsyncLocalStorage<PhaseTrace>();

/** The trace of the request this code runs for, if requests are traced. */
export const currentTrace = (): PhaseTrace | undefined => traces.getStore();

/** Notes that `trace` passed `mark` now (the first time only: a retried job keeps its first). */
export function markPhase(trace: PhaseTrace | undefined, mark: PhaseMark): void {
  if (trace && trace[mark] === undefined) trace[mark] = performance.now();
}

/** Traces every request of `app` and hands each finished one to `sink`. */
export function tracePhases(app: FastifyInstance, sink: (trace: PhaseTrace) => void): void {
  app.addHook('onRequest', (_request, _reply, done) => {
    traces.run({ received: performance.now() }, done);
  });
  app.addHook('onResponse', async () => {
    const trace = currentTrace();
    if (!trace) return;
    markPhase(trace, 'replied');
    sink(trace);
  });
}

/** A trace's phases in milliseconds, when it passed every mark (an order that was placed). */
export function phasesOf(trace: PhaseTrace): number[] | undefined {
  const phases: number[] = [];
  for (let i = 1; i < PHASE_MARKS.length; i++) {
    const from = trace[PHASE_MARKS[i - 1]!];
    const to = trace[PHASE_MARKS[i]!];
    if (from === undefined || to === undefined) return undefined;
    phases.push(to - from);
  }
  return phases;
}

/**
 * The mean of each phase over the slowest `share` of the complete traces (by total time),
 * and over all of them: where the tail's time goes, beside where a typical order's goes.
 */
export function slowestBreakdown(
  all: readonly PhaseTrace[],
  share = 0.01,
): { count: number; slow: number; phases: { name: string; slowMs: number; allMs: number }[] } {
  const rows: number[][] = [];
  for (const trace of all) {
    const phases = phasesOf(trace);
    if (phases) rows.push(phases);
  }
  const total = (row: number[]) => row.reduce((s, v) => s + v, 0);
  const sorted = [...rows].sort((a, b) => total(b) - total(a));
  const slow = sorted.slice(0, Math.max(1, Math.ceil(rows.length * share)));
  const mean = (set: number[][], i: number) =>
    set.length === 0 ? 0 : set.reduce((s, row) => s + row[i]!, 0) / set.length;
  return {
    count: rows.length,
    slow: rows.length === 0 ? 0 : slow.length,
    phases: PHASE_MARKS.slice(1).map((mark, i) => ({
      name: PHASE_NAMES[mark as Exclude<PhaseMark, 'received'>],
      slowMs: mean(slow, i),
      allMs: mean(rows, i),
    })),
  };
}
