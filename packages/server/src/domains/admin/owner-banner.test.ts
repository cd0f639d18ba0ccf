import { describe, expect, it } from 'vitest';
import { ownerBanner } from './owner-banner.ts';

describe('ownerBanner', () => {
  const banner = ownerBanner(
    {
      email: 'admin@localhost',
      password: 'r_XLDwBVEfIo58uG0B-b',
      file: '/data/admin-credentials.txt',
    },
    'http://localhost:8080/admin/',
  );

  it('shows the address, e-mail, password and file on lines of their own', () => {
    const lines = banner.split('\n');
    expect(lines.some((l) => /^\| {3}open {6}http:\/\/localhost:8080\/admin\/ +\|$/.test(l))).toBe(
      true,
    );
    expect(lines.some((l) => /^\| {3}e-mail {4}admin@localhost +\|$/.test(l))).toBe(true);
    expect(lines.some((l) => /^\| {3}password {2}r_XLDwBVEfIo58uG0B-b +\|$/.test(l))).toBe(true);
    expect(banner).toContain('/data/admin-credentials.txt');
  });

  it('is a box of equal lines, plain text rather than a JSON log line', () => {
    const lines = banner.split('\n');
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(lines[0]).toMatch(/^\+-+\+$/);
    expect(lines.at(-1)).toBe(lines[0]);
    expect(() => JSON.parse(lines[1]!)).toThrow();
  });
});
