import { COMPANY_COOKIE, COMPANY_COOKIE_MAX_AGE_SECONDS, type Company } from '@tradedesk/contract';

/** The chosen company's details and when it was chosen, for /user and to keep the cookie. */
const STORED_COMPANY = 'tradedesk.company';

interface StoredChoice {
  company: Company;
  /** Epoch ms. */
  chosenAt: number;
}

/** The cookie text that keeps the chosen provider (SPEC.md §9: 3 years), site-wide. */
export function companyCookie(
  id: number,
  secure: boolean,
  maxAgeSeconds: number = COMPANY_COOKIE_MAX_AGE_SECONDS,
): string {
  const parts = [`${COMPANY_COOKIE}=${id}`, `Max-Age=${maxAgeSeconds}`, 'Path=/', 'SameSite=Lax'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The chosen company id in the cookie, if any. */
export function readCompanyId(cookies: string = document.cookie): number | undefined {
  for (const pair of cookies.split(';')) {
    const [key, value] = pair.trim().split('=');
    if (key === COMPANY_COOKIE) {
      const id = Number(value);
      return Number.isInteger(id) && id > 0 ? id : undefined;
    }
  }
  return undefined;
}

function writeCookie(id: number, maxAgeSeconds: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox; the value is an integer built by companyCookie
  document.cookie = companyCookie(id, window.location.protocol === 'https:', maxAgeSeconds);
}

function readChoice(): StoredChoice | undefined {
  try {
    const stored = JSON.parse(
      localStorage.getItem(STORED_COMPANY) ?? 'null',
    ) as StoredChoice | null;
    return stored && typeof stored.chosenAt === 'number' && stored.company ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function chooseCompany(company: Company, now: number = Date.now()): void {
  localStorage.setItem(STORED_COMPANY, JSON.stringify({ company, chosenAt: now }));
  writeCookie(company.id, COMPANY_COOKIE_MAX_AGE_SECONDS);
}

/**
 * Browsers cap a cookie's lifetime (Chromium at 400 days), shorter than SPEC.md's 3 years. So
 * at each start the cookie is written again for what remains of the 3 years since the choice;
 * once they have passed, the choice is forgotten.
 */
export function keepCompanyCookie(now: number = Date.now()): void {
  const choice = readChoice();
  if (!choice) return;
  const remaining = Math.floor((choice.chosenAt - now) / 1000) + COMPANY_COOKIE_MAX_AGE_SECONDS;
  if (remaining > 0) writeCookie(choice.company.id, remaining);
  else {
    localStorage.removeItem(STORED_COMPANY);
    writeCookie(choice.company.id, 0);
  }
}

/** The chosen provider: the stored details of the company the cookie names. */
export function chosenCompany(): Company | undefined {
  const id = readCompanyId();
  const company = readChoice()?.company;
  return id !== undefined && company?.id === id ? company : undefined;
}
