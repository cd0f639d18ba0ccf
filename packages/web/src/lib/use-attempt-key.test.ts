import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAttemptKey } from './use-attempt-key.ts';

describe('useAttemptKey', () => {
  it('sends the same key when the same form is sent again', () => {
    const { result } = renderHook(() => useAttemptKey());
    const first = result.current.keyFor('{"number":"100"}');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.current.keyFor('{"number":"100"}')).toBe(first);
  });

  it('makes a new key for changed contents, and after a success', () => {
    const { result } = renderHook(() => useAttemptKey());
    const first = result.current.keyFor('{"number":"100"}');
    const changed = result.current.keyFor('{"number":"120"}');
    expect(changed).not.toBe(first);
    result.current.settle();
    expect(result.current.keyFor('{"number":"120"}')).not.toBe(changed);
  });
});
