import { describe, expect, it } from 'vitest';
import { maskAccount } from './mask-account.ts';

describe('maskAccount', () => {
  it('keeps the last four characters', () => {
    expect(maskAccount('DE89 3704 0044 0532 0130 00')).toBe('****3000');
    expect(maskAccount('123456789')).toBe('****6789');
  });

  it('keeps at most half of a short number', () => {
    expect(maskAccount('123456')).toBe('****456');
    expect(maskAccount('12')).toBe('****2');
    expect(maskAccount('1')).toBe('1');
    expect(maskAccount('')).toBe('');
  });
});
