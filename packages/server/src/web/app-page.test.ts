import { describe, expect, it } from 'vitest';
import { pickEncoding } from './app-page.ts';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours a refusal', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('BR')).toBe('br');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('')).toBeUndefined();
  });
});
