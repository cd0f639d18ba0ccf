import { describe, expect, it } from 'vitest';
import { keptAtEachEnd, maskContact, maskEmail, maskMobile } from './mask-contact.ts';

describe('maskEmail', () => {
  it.each([
    ['alice@example.com', 'a***@***.com'],
    ['a@example.com', 'a***@***.com'],
    ['陳大文@example.hk', '陳***@***.hk'],
    ['odd"@"local@example.co.uk', 'o***@***.uk'],
    ['root@localhost', 'r***@***'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it('shows neither the local part beyond its first letter nor the domain name', () => {
    const masked = maskEmail('secretname@smithfamily.org');
    expect(masked).not.toContain('ecret');
    expect(masked).not.toContain('smith');
  });

  it('gives stars for text that is no address', () => {
    expect(maskEmail('@example.com')).toBe('***');
  });
});

describe('maskMobile', () => {
  it.each([
    ['1234', null, '****'],
    ['12345', null, '*****'],
    ['312345', null, '3****5'],
    ['612345678', null, '6*******8'],
    ['91234567', '852', '+852 9******7'],
    ['13800138021', '86', '+86 1*********1'],
    ['123456789012', null, '12********12'],
    ['123456789012345', null, '12***********45'],
    ['123', null, '****'],
  ])('%s (+%s) → %s', (mobile, code, masked) => {
    expect(maskMobile(mobile, code)).toBe(masked);
  });

  it('hides at least two thirds of the digits of every length from 4 to 15', () => {
    for (let length = 4; length <= 15; length += 1) {
      const digits = Array.from({ length }, (_, i) => String((i * 7 + 3) % 10)).join('');
      const shown = maskMobile(digits).replace(/\*/g, '');
      expect(shown.length, `${length} digits`).toBeLessThanOrEqual(length / 3);
      expect(shown.length).toBe(2 * keptAtEachEnd(length));
      // What is shown is the number's own ends, nothing from its middle.
      expect(maskMobile(digits).startsWith(digits.slice(0, keptAtEachEnd(length)))).toBe(true);
    }
  });

  it('ignores spaces and dashes in what was typed', () => {
    expect(maskMobile('9123-4567')).toBe('9******7');
  });
});

describe('maskContact', () => {
  it('prefers the e-mail, then the mobile number, else stars', () => {
    expect(maskContact({ email: 'bob@example.com', mobile: '91234567' })).toBe('b***@***.com');
    expect(maskContact({ email: null, mobile: '91234567', globalCode: '852' })).toBe(
      '+852 9******7',
    );
    expect(maskContact({ email: null, mobile: null })).toBe('***');
  });
});
