/**
 * Contacts of other people as an inviter may see them: enough to recognise a friend
 * (first letter and domain, area code and the ends of the number), never enough to write
 * to them. Code points, not UTF-16 units, so a non-Latin name is never cut in half.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const first = Array.from(email.slice(0, at))[0];
  return `${first}***${email.slice(at)}`;
}

/** "91234567" → "91****67"; a quarter of the digits kept at each end, the rest starred. */
export function maskMobile(mobile: string, globalCode?: string | null): string {
  const digits = Array.from(mobile.replace(/\D/g, ''));
  const kept = Math.floor(digits.length / 4);
  const middle = '*'.repeat(Math.max(4, digits.length - 2 * kept));
  const masked =
    kept === 0
      ? middle
      : `${digits.slice(0, kept).join('')}${middle}${digits.slice(-kept).join('')}`;
  return globalCode ? `+${globalCode} ${masked}` : masked;
}

/** The invitee's e-mail masked, else their mobile number masked. */
export function maskContact(contact: {
  email: string | null;
  mobile: string | null;
  globalCode?: string | null;
}): string {
  if (contact.email) return maskEmail(contact.email);
  if (contact.mobile) return maskMobile(contact.mobile, contact.globalCode);
  return '';
}
