import { describe, expect, it } from 'vitest';
import { localDate } from './local-date.ts';

describe('localDate', () => {
  it('reads the server time as UTC and gives the local date', () => {
    const expected = new Date(Date.UTC(2026, 10, 2, 23, 30));
    const two = (n: number) => String(n).padStart(2, '0');
    expect(localDate('2026-11-02 23:30:00')).toBe(
      `${expected.getFullYear()}-${two(expected.getMonth() + 1)}-${two(expected.getDate())}`,
    );
  });

  it('leaves text that is no time as it is', () => {
    expect(localDate('soon')).toBe('soon');
  });
});
