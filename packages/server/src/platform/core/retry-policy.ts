/**
 * How the platform's outboxes retry a row that failed (trader notices, copy signals): the
 * same back-off and the same cap everywhere, so that an operator reads one policy. After the
 * last attempt a row is given up on — kept, with its last error, for an operator to see.
 */

const RETRY_FIRST_MS = 10_000;
const RETRY_MAX_MS = 60 * 60_000;

/** About two days of attempts at the back-off below. */
export const MAX_ATTEMPTS = 48;

/** The wait after the n-th failed attempt: 10 s, 20 s, 40 s … at most an hour. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/** Whether the n-th failed attempt was the last one. */
export const isLastAttempt = (attempts: number): boolean => attempts >= MAX_ATTEMPTS;
