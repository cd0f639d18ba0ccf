import { createHash, randomBytes, randomInt } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@tradedesk/contract';

/** Opaque session token, 256 random bits; only its SHA-256 is stored. */
export function createSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Random digits (six), leading zeros allowed. */
export function createVerificationCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(
    VERIFICATION_CODE_LENGTH,
    '0',
  );
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Six characters without look-alikes (0/O, 1/I), easy to read aloud. */
export function createInviteCode(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
  return code;
}

/** The public user number: 8 digits, never starting with 0. */
export function createUid(): string {
  return String(randomInt(10_000_000, 100_000_000));
}
