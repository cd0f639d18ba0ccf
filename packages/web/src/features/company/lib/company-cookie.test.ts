import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  chooseCompany,
  chosenCompany,
  companyCookie,
  keepCompanyCookie,
  readCompanyId,
} from './company-cookie.ts';

const company = {
  id: 7,
  name: 'Harbourline Markets',
  logo: '',
  url: 'https://harbourline.example',
  subject: 'Harbourline Financial Holdings Ltd',
  registered_address: '18 Queensway',
  location: '8 Finance Street',
  email: 'service@harbourline.example',
};

describe('company cookie', () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the cookie the test wrote
    document.cookie = 'company_id=; Max-Age=0; Path=/';
    localStorage.clear();
  });

  it('keeps company_id for 3 years, site-wide, same-site lax; secure on https', () => {
    const text = companyCookie(7, false);
    expect(text.split('; ')).toEqual([
      'company_id=7',
      `Max-Age=${3 * 365 * 24 * 60 * 60}`,
      'Path=/',
      'SameSite=Lax',
    ]);
    expect(companyCookie(7, true).endsWith('; Secure')).toBe(true);
  });

  it('reads the id among other cookies, refusing anything but a positive integer', () => {
    expect(readCompanyId('a=1; company_id=42; b=2')).toBe(42);
    expect(readCompanyId('my_company_id=5')).toBeUndefined();
    expect(readCompanyId('company_id=abc')).toBeUndefined();
    expect(readCompanyId('company_id=-3')).toBeUndefined();
    expect(readCompanyId('')).toBeUndefined();
  });

  it('choosing writes the cookie and remembers the details for /user', () => {
    expect(chosenCompany()).toBeUndefined();
    chooseCompany(company);
    expect(readCompanyId()).toBe(7);
    expect(chosenCompany()).toEqual(company);
  });

  it('shows no provider when the cookie names another company than the stored one', () => {
    chooseCompany(company);
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie changed elsewhere (another tab)
    document.cookie = 'company_id=8; Path=/';
    expect(chosenCompany()).toBeUndefined();
  });
});

describe('keeping the cookie for 3 years despite browser caps', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const written: string[] = [];
  const realCookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');

  beforeEach(() => {
    written.length = 0;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => realCookie?.get?.call(document),
      set: (text: string) => {
        written.push(text);
        realCookie?.set?.call(document, text);
      },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(document, 'cookie');
    localStorage.clear();
  });

  it('writes the cookie again for what remains of the 3 years since the choice', () => {
    const chosenAt = Date.UTC(2026, 0, 1);
    chooseCompany(company, chosenAt);
    keepCompanyCookie(chosenAt + 100 * DAY);
    expect(written.at(-1)).toContain(`company_id=7; Max-Age=${3 * 365 * 86400 - 100 * 86400};`);
    expect(chosenCompany()).toEqual(company);
  });

  it('forgets the choice once 3 years have passed', () => {
    const chosenAt = Date.UTC(2026, 0, 1);
    chooseCompany(company, chosenAt);
    keepCompanyCookie(chosenAt + 3 * 365 * DAY + 1000);
    expect(written.at(-1)).toContain('company_id=7; Max-Age=0;');
    expect(chosenCompany()).toBeUndefined();
    expect(localStorage.length).toBe(0);
  });

  it('does nothing without a choice', () => {
    keepCompanyCookie();
    expect(written).toEqual([]);
  });
});
