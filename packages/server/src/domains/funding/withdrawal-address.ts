import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m, createBase58check } from '@scure/base';

const base58check = createBase58check(sha256);

/** The payload of a Base58Check text (version byte first), or null when it is not one. */
function base58Payload(text: string): Uint8Array | null {
  try {
    return base58check.decode(text);
  } catch {
    return null;
  }
}

/** TRON: Base58Check of 21 bytes, version 0x41 (so the text starts with T). */
function isTronAddress(text: string): boolean {
  const payload = base58Payload(text);
  return payload?.length === 21 && payload[0] === 0x41;
}

/**
 * Ethereum and its token networks: 0x and 40 hex digits. All one case carries no checksum;
 * mixed case is EIP-55's checksum and must match (one mistyped letter is then caught).
 */
function isEvmAddress(text: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return false;
  const hex = text.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()));
  for (let i = 0; i < 40; i++) {
    const char = hex[i]!;
    if (!/[a-fA-F]/.test(char)) continue;
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 0x0f;
    if (nibble >= 8 !== (char === char.toUpperCase())) return false;
  }
  return true;
}

/**
 * A Bitcoin mainnet segwit address (BIP 173/350): bech32 for witness version 0, with a
 * 20- or 32-byte program; bech32m for versions 1–16 (taproot and later), 2–40 bytes.
 */
function isSegwitAddress(text: string): boolean {
  for (const [codec, versionZero] of [
    [bech32, true],
    [bech32m, false],
  ] as const) {
    const decoded = codec.decodeUnsafe(text, 90);
    if (decoded?.prefix !== 'bc') continue;
    const [version, ...words] = decoded.words;
    if (version === undefined || version > 16 || (version === 0) !== versionZero) return false;
    const program = bech32.fromWordsUnsafe(words);
    if (!program || program.length < 2 || program.length > 40) return false;
    return version !== 0 || program.length === 20 || program.length === 32;
  }
  return false;
}

/** Bitcoin mainnet: segwit (bc1…), or Base58Check pay-to-key-hash (1…) or script-hash (3…). */
function isBitcoinAddress(text: string): boolean {
  if (isSegwitAddress(text)) return true;
  const payload = base58Payload(text);
  return payload?.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
}

/** The networks whose addresses are checked, by a draw currency's `protocol`. */
const CHECKS: Record<string, (text: string) => boolean> = {
  TRC20: isTronAddress,
  ERC20: isEvmAddress,
  BEP20: isEvmAddress,
  BTC: isBitcoinAddress,
};

/**
 * Whether a withdrawal address can receive on a network: a mistyped address loses the money
 * for good, so it is refused when bound. A protocol not listed here (an operator may add
 * any) keeps only the contract's check (present, within FUNDING_FIELD_MAX.address).
 */
export function isWithdrawalAddress(protocol: string, address: string): boolean {
  const check = CHECKS[protocol.trim().toUpperCase()];
  return check ? check(address) : address.length > 0;
}
