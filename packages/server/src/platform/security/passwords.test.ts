import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('verifies the right password at the production cost and refuses others', async () => {
    const stored = await hashPassword('correct horse', 15);
    expect(stored).toMatch(/^scrypt\$15\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horse ', stored)).toBe(false);
    expect(await verifyPassword('Correct horse', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', 10)).not.toBe(await hashPassword('same', 10));
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });
});
