import { useCallback, useMemo, useRef } from 'react';

/**
 * The Idempotency-Key of a submit attempt: a fresh random key for new form contents, the
 * same key again when the same contents are sent again (a retry after a lost answer or a
 * refusal), so the server never acts twice on one attempt. `settle` ends the attempt once it
 * succeeded: the next submit is a new one.
 */
export function useAttemptKey() {
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const keyFor = useCallback((fingerprint: string) => {
    if (attempt.current?.fingerprint !== fingerprint) {
      attempt.current = { key: crypto.randomUUID(), fingerprint };
    }
    return attempt.current.key;
  }, []);
  const settle = useCallback(() => {
    attempt.current = null;
  }, []);
  return useMemo(() => ({ keyFor, settle }), [keyFor, settle]);
}
