import { describe, expect, it } from 'vitest';
import { maskContact, maskEmail, maskMobile } from './mask-contact.ts';

describe('maskEmail', () => {
  it.each([
    ['alice@example.com', 'a***@example.com'],
    ['a@example.com', 'a***@example.com'],
    ['陳大文@example.hk', '陳***@example.hk'],
    ['odd"@"local@example.com', 'o***@example.com'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it('never shows the local part beyond its first letter', () => {
    expect(maskEmail('secretname@example.com')).not.toContain('ecret');
  });

  it('gives stars for text that is no address', () => {
    expect(maskEmail('@example.com')).toBe('***');
  });
});

describe('maskMobile', () => {
  it.each([
    ['91234567', '852', '+852 91****67'],
    ['13800138000', '86', '+86 13*******00'],
    ['612345678', null, '61*****78'],
    ['123', null, '****'],
  ])('%s (+%s) → %s', (mobile, code, masked) => {
    expect(maskMobile(mobile, code)).toBe(masked);
  });

  it('keeps at most half of the digits', () => {
    for (let length = 1; length <= 20; length += 1) {
      const masked = maskMobile('9'.repeat(length));
      expect(masked.replace(/\*/g, '').length).toBeLessThanOrEqual(length / 2);
    }
  });
});

describe('maskContact', () => {
  it('prefers the e-mail, then the mobile number', () => {
    expect(maskContact({ email: 'bob@example.com', mobile: '91234567' })).toBe('b***@example.com');
    expect(maskContact({ email: null, mobile: '91234567', globalCode: '852' })).toBe(
      '+852 91****67',
    );
    expect(maskContact({ email: null, mobile: null })).toBe('');
  });
});
