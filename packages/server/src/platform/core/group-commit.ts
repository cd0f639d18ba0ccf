import { type ControlledTransaction, type Kysely, sql, type Transaction } from 'kysely';
import { openCommand } from '../db/command-scope.ts';
import { classifyDatabaseError } from '../db/database-health.ts';
import { currentTrace, markPhase, type PhaseTrace } from '../metrics/phase-trace.ts';

/** How large a batch may grow, and how long its commands may run before it commits. */
export interface GroupCommitLimits {
  /** Commands per transaction at most (each account still has one command in it at a time). */
  maxBatch: number;
  /**
   * Once a batch's commands have run this long, the rest wait for the next transaction: the
   * first command of a batch is never held back by more than this (plus one command).
   */
  maxBatchMs: number;
  /**
   * Batches in flight at once, each on a connection of its own. SQLite has one writer: 1.
   * PostgreSQL runs a batch's statements one round trip after another, so one batch at a time
   * would cap a node at one connection's speed; the accounts of two batches of one node never
   * overlap (the core queues each account), and across nodes the row locks decide.
   */
  lanes: number;
  /**
   * Whether one string may carry several statements: PostgreSQL's simple protocol runs them
   * in one round trip, so a command's savepoint and its predecessor's release go together
   * (one trip of eight on an order). better-sqlite3 prepares one statement per string.
   */
  multiStatement: boolean;
}

export const DEFAULT_GROUP_COMMIT: GroupCommitLimits = {
  maxBatch: 64,
  maxBatchMs: 25,
  lanes: 1,
  multiStatement: false,
};

/** PostgreSQL's default: four batches at once, within the pool's ten connections. */
export const POSTGRES_GROUP_COMMIT: GroupCommitLimits = {
  ...DEFAULT_GROUP_COMMIT,
  lanes: 4,
  multiStatement: true,
};

interface Job<DB, T> {
  run: (trx: Transaction<DB>) => Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
  /** Whether the job already ran once in a batch whose connection was cut before COMMIT. */
  retried: boolean;
  /** How often it lost a lock conflict (deadlock, serialization) to another transaction. */
  conflicts: number;
  /** The submitting request's phase trace (a batch runs in another request's context). */
  trace: PhaseTrace | undefined;
}

/** A batch locks several accounts; across nodes two batches may wait on each other. */
const MAX_LOCK_CONFLICTS = 5;

/** PostgreSQL's deadlock_detected and serialization_failure: nothing wrong with the command. */
function isLockConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** A command ran inside another: it would wait for the batch that runs it, forever. */
export class NestedCommandError extends Error {
  constructor(outer: string) {
    super(`a command was submitted from inside command ${outer}; submit it after it commits`);
    this.name = 'NestedCommandError';
  }
}

/**
 * The command a batch runs next: the oldest waiting one, while the batch is under its size
 * and its time. Taken one at a time, never ahead: a batch that reaches its time leaves the
 * rest in line for whichever lane is free first. Handing a taken group back instead put it
 * ahead of older commands that another lane had handed back (issue 39: on PostgreSQL's four
 * lanes one order was passed on ten times, 400 ms, while the median took 39 ms).
 */
function nextJob<J>(
  waiting: J[],
  batch: readonly J[],
  started: number,
  limits: GroupCommitLimits,
): J | undefined {
  if (batch.length >= limits.maxBatch) return undefined;
  if (performance.now() - started > limits.maxBatchMs) return undefined;
  return waiting.shift();
}

/**
 * Opens the next command's savepoint, releasing the one before it if still open (`held`): in
 * one round trip where the driver takes several statements in one string.
 */
async function nextSavepoint<DB>(
  trx: Transaction<DB>,
  held: boolean,
  multiStatement: boolean,
): Promise<void> {
  if (!held) await sql`savepoint command`.execute(trx);
  else if (multiStatement) await sql`release savepoint command; savepoint command`.execute(trx);
  else {
    await sql`release savepoint command`.execute(trx);
    await sql`savepoint command`.execute(trx);
  }
}

/**
 * Group commit (issue 27): commands wait in one line, oldest first. A transaction takes them
 * from it one after another while it is under its size and time — each behind a savepoint, so
 * one that fails is rolled back alone — and commits them with one fsync; what arrives while it
 * runs joins it. Batches form by themselves under load: an idle node runs a lone
 * command in the next turn of the loop, with no timer to wait out.
 *
 * A result is handed back only after the COMMIT that holds it returned, so every answer and
 * every event a caller sends afterwards is about a durable change.
 */
export function createGroupCommit<DB>(db: Kysely<DB>, limits: GroupCommitLimits) {
  type AnyJob = Job<DB, unknown>;
  const waiting: AnyJob[] = [];
  let inFlight = 0;
  /** Transactions committed and the commands they held (tests and metrics read them). */
  const counts = { batches: 0, commands: 0 };
  let scheduled = false;

  /**
   * A batch starts in the loop's check phase (setImmediate), after the I/O callbacks of this
   * turn: every request that arrived in the same turn has submitted its command by then and
   * joins it. Starting at once would run each request's command alone — on SQLite a batch
   * runs to its COMMIT without yielding to I/O, so the next request is only read after it.
   * Idle, this costs one turn of the loop, no timer.
   */
  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  }

  /**
   * Starts a batch on every free lane while commands wait (each lane its next one when done),
   * taking its first command at once: no lane begins a transaction for taken commands.
   */
  function pump(): void {
    while (waiting.length > 0 && inFlight < limits.lanes) {
      inFlight += 1;
      const leader = waiting.shift()!;
      void runBatch(leader).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  /** Runs commands from `leader` on within the batch's size and time, commits, answers each. */
  async function runBatch(leader: AnyJob): Promise<void> {
    const batch: AnyJob[] = [];
    const succeeded: { job: AnyJob; value: unknown }[] = [];
    /** Jobs answered already (their own refusal) or to run again in a later batch. */
    const settled = new Set<AnyJob>();
    /** Lost a lock conflict: in line again after this batch, whose locks it would wait on. */
    const again: AnyJob[] = [];
    let committing = false;
    let trx: ControlledTransaction<DB> | undefined;
    try {
      trx = await db.startTransaction().execute();
      const started = performance.now();
      /** The last command's savepoint, still open: released as the next one's is taken. */
      let held = false;
      for (
        let job: AnyJob | undefined = leader;
        job;
        job = nextJob(waiting, batch, started, limits)
      ) {
        batch.push(job);
        markPhase(job.trace, 'begun');
        await nextSavepoint(trx, held, limits.multiStatement);
        held = true;
        try {
          const value = await job.run(trx);
          markPhase(job.trace, 'run-end');
          succeeded.push({ job, value });
        } catch (error) {
          // A cut connection or a full disk is the whole batch's fate, with its real cause.
          if (classifyDatabaseError(error) !== undefined) throw error;
          // Only this command's statements are undone; its neighbours keep theirs.
          await sql`rollback to savepoint command`.execute(trx);
          await sql`release savepoint command`.execute(trx);
          held = false;
          settled.add(job);
          if (isLockConflict(error) && job.conflicts < MAX_LOCK_CONFLICTS) {
            // Another node's batch holds an account this one wanted, and this one lost
            // PostgreSQL's deadlock check: its locks are gone with the savepoint; it goes again.
            job.conflicts += 1;
            again.push(job);
          } else job.reject(error);
        }
      }
      // COMMIT releases the last savepoint with the transaction.
      committing = true;
      await trx.commit().execute();
      for (const { job } of succeeded) markPhase(job.trace, 'committed');
      counts.batches += 1;
      counts.commands += succeeded.length;
    } catch (error) {
      // Also after a failed COMMIT: Kysely releases the connection only on commit or rollback
      // (SQLite's one connection would stay taken); the dialect skips a ROLLBACK with no
      // transaction open.
      if (trx)
        await trx
          .rollback()
          .execute()
          .catch(() => {});
      if (batch.length === 0) batch.push(leader); // BEGIN failed: the leader never ran.
      failBatch(
        batch.filter((job) => !settled.has(job)),
        error,
        committing,
      );
      return;
    } finally {
      waiting.push(...again);
    }
    for (const { job, value } of succeeded) job.resolve(value);
  }

  /**
   * The batch's transaction failed as a whole. Cut before COMMIT, nothing of it exists: its
   * commands run once more in the next batch (issue 23's rule, per command). During COMMIT
   * whether it committed is unknown, and any other failure is an answer: they fail with it.
   */
  function failBatch(unanswered: AnyJob[], error: unknown, committing: boolean): void {
    const cut = !committing && classifyDatabaseError(error) === 'unavailable';
    const retry: AnyJob[] = [];
    for (const job of unanswered) {
      if (cut && !job.retried) {
        job.retried = true;
        retry.push(job);
      } else job.reject(error);
    }
    waiting.unshift(...retry);
  }

  return {
    counts: (): Readonly<typeof counts> => ({ ...counts }),
    /** Runs `run` inside the next batch's transaction; resolves after that batch committed. */
    submit<T>(run: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      const outer = openCommand();
      if (outer !== undefined) return Promise.reject(new NestedCommandError(outer));
      return new Promise<T>((resolve, reject) => {
        const job: Job<DB, T> = {
          run,
          resolve,
          reject,
          retried: false,
          conflicts: 0,
          trace: currentTrace(),
        };
        markPhase(job.trace, 'submitted');
        waiting.push(job as AnyJob);
        schedule();
      });
    },
  };
}

export type GroupCommit<DB> = ReturnType<typeof createGroupCommit<DB>>;
