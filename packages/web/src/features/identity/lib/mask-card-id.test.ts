import { describe, expect, it } from 'vitest';
import { maskCardId } from './mask-card-id.ts';

describe('maskCardId', () => {
  it('keeps at most 4 characters at each end of a long number', () => {
    expect(maskCardId('110101199003071234')).toBe('1101**********1234');
  });

  it('keeps a quarter at each end of a shorter number', () => {
    expect(maskCardId('E12345678')).toBe('E1*****78');
    expect(maskCardId('AB12')).toBe('A**2');
  });

  it('stars every character of a number too short to show any', () => {
    expect(maskCardId('123')).toBe('***');
    expect(maskCardId('')).toBe('');
  });

  it('counts characters, not UTF-16 units, and ignores surrounding spaces', () => {
    expect(maskCardId(' 𝟙𝟚𝟛𝟜𝟝𝟞𝟟𝟠 ')).toBe('𝟙𝟚****𝟟𝟠');
  });
});
