/**
 * The one way a trader's contact is shown to anybody else — the public ranking, an inviter's
 * list of invitees (issue 24: the ranking had its own mask and showed 5 of a 6-digit number's
 * digits). Enough to recognise a friend, never enough to write to them or to narrow the
 * number down: at most a third of the digits, at most two at each end, none of a number
 * shorter than 6; of an e-mail the first letter and the top-level domain (a domain such as
 * `smithfamily.org` would name the person). Code points, not UTF-16 units, so a non-Latin
 * name is never cut in half.
 */
export function maskContact(contact: {
  email: string | null;
  mobile: string | null;
  globalCode?: string | null;
}): string {
  if (contact.email) return maskEmail(contact.email);
  if (contact.mobile) return maskMobile(contact.mobile, contact.globalCode);
  return '***';
}

/** "alice@example.com" → "a***@***.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const first = Array.from(email.slice(0, at))[0];
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const topLevel = dot > 0 ? domain.slice(dot) : '';
  return `${first}***@***${topLevel}`;
}

/** Digits kept at each end: one from 6 digits, two from 12 (so never more than a third). */
export function keptAtEachEnd(digits: number): number {
  return Math.min(2, Math.floor(digits / 6));
}

/** "91234567" with 852 → "+852 9******7"; "13800138021" → "1*********1". */
export function maskMobile(mobile: string, globalCode?: string | null): string {
  const digits = Array.from(mobile.replace(/\D/g, ''));
  const kept = keptAtEachEnd(digits.length);
  // At least four stars, so a short number does not show how short it is.
  const middle = '*'.repeat(Math.max(4, digits.length - 2 * kept));
  const masked =
    kept === 0
      ? middle
      : `${digits.slice(0, kept).join('')}${middle}${digits.slice(-kept).join('')}`;
  return globalCode ? `+${globalCode} ${masked}` : masked;
}
