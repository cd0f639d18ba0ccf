import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** The last invite link's code, for the rest of the tab's session. */
const STORAGE_KEY = 'tradedesk.invite-code';

function storedCode(): string {
  try {
    return sessionStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return ''; // Storage refused (private mode): the link's query still works.
  }
}

/**
 * The register form's invite code, from the link's ?invite_code= (SPEC.md §2). An invite link
 * opened inside the app is a hash change, not a new document: when /register is already on
 * screen it stays mounted, so the code is taken whenever the query brings a new one, not
 * only at mount. It is also kept for the tab, so a detour (to /login and back through its
 * Register link, which has no query) does not lose it.
 */
export function useInviteCode(): [code: string, setCode: (code: string) => void] {
  const [search] = useSearchParams();
  const fromLink = search.get('invite_code')?.trim() ?? '';
  const [code, setCode] = useState(() => fromLink || storedCode());
  const [linkSeen, setLinkSeen] = useState(fromLink);
  if (fromLink !== linkSeen) {
    setLinkSeen(fromLink);
    if (fromLink) setCode(fromLink);
  }
  useEffect(() => {
    if (!fromLink) return;
    try {
      sessionStorage.setItem(STORAGE_KEY, fromLink);
    } catch {
      // Not kept past this page; the form has it.
    }
  }, [fromLink]);
  return [code, setCode];
}

/** After registering: the code has been used, the next form in this tab starts empty. */
export function forgetInviteCode(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}
