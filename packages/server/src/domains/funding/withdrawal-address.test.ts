import { describe, expect, it } from 'vitest';
import { isWithdrawalAddress } from './withdrawal-address.ts';

// Real addresses and the published test vectors (EIP-55, BIP 173, BIP 350), and the same with
// one character changed: what a mistyped or invented address looks like.
const VALID: [protocol: string, address: string][] = [
  ['TRC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
  ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ['ERC20', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
  ['ERC20', '0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb'],
  ['ERC20', '0xDBF03B407C01E7CD3CBEA99509D93F8DDDC8C6FB'],
  ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
  ['BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
  ['BTC', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
  ['BTC', 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr'],
  ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
  ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
  ['trc20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
];

const INVALID: [protocol: string, address: string][] = [
  ['TRC20', 'not-an-address'],
  ['TRC20', 'TTestAddr0001'],
  ['TRC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8'],
  ['TRC20', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
  ['TRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ['ERC20', 'not-an-address'],
  ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
  ['ERC20', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae'],
  ['ERC20', '5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
  ['ERC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
  ['BTC', 'not-an-address'],
  ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp'],
  ['BTC', 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcR'],
  ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3'],
  ['BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
  // BIP 350: witness version 0 in bech32m, version 1 in bech32.
  ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'],
  ['BTC', 'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4'],
  ['BTC', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
];

describe('isWithdrawalAddress', () => {
  it.each(VALID)('accepts a %s address %s', (protocol, address) => {
    expect(isWithdrawalAddress(protocol, address)).toBe(true);
  });

  it.each(INVALID)('refuses as %s the address %s', (protocol, address) => {
    expect(isWithdrawalAddress(protocol, address)).toBe(false);
  });

  it('keeps only the presence check on a network it does not know', () => {
    expect(isWithdrawalAddress('SOL', 'anything-the-contract-let-through')).toBe(true);
    expect(isWithdrawalAddress('SOL', '')).toBe(false);
  });
});
