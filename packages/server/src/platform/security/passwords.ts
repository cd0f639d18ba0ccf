import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function derive(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  const N = 2 ** cost;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      // scrypt needs 128·N·r bytes; leave headroom.
      { N, r: BLOCK_SIZE, p: PARALLELISM, maxmem: 256 * N * BLOCK_SIZE },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/**
 * scrypt, memory-hard (DECISIONS.md Accounts). The stored form carries its own cost so
 * that raising PASSWORD_HASH_COST later keeps old hashes verifiable.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return `scrypt$${cost}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, costText, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !costText || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await derive(password, Buffer.from(saltText, 'base64url'), Number(costText));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A hash of a random password, to spend the same time on unknown accounts as on known ones. */
export async function createDecoyHash(cost: number): Promise<string> {
  return hashPassword(randomBytes(12).toString('hex'), cost);
}
