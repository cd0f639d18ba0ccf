/**
 * The invite link of SPEC.md §2: origin + /#/register?invite_code=. Shared by /user and
 * /mine/invite, so the two can never hand out different links.
 */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/#/register?invite_code=${encodeURIComponent(code)}`;
}
