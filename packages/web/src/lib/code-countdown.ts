/**
 * When each address may be sent a verification code again, kept for the tab. The server
 * refuses a new code to the same address for 60 s whatever page asked (SPEC.md §9), so the
 * send button's countdown must outlive the page: leaving and coming back shows the seconds
 * still to wait. Keyed by address only, not by purpose: the server spaces codes per
 * destination, a register code holds back a reset code too.
 */
const PREFIX = 'tradedesk.code-resend:';

/** Epoch ms at which `address` may be sent a code again; 0 when it may be now. */
export function readCountdownEnd(address: string, nowMs: number): number {
  try {
    const endsAt = Number(sessionStorage.getItem(PREFIX + address));
    if (endsAt > nowMs) return endsAt;
    sessionStorage.removeItem(PREFIX + address);
  } catch {
    // Storage refused (private mode): the countdown lives as long as the page.
  }
  return 0;
}

export function saveCountdownEnd(address: string, endsAtMs: number): void {
  try {
    sessionStorage.setItem(PREFIX + address, String(endsAtMs));
  } catch {
    // As above: only this page counts down.
  }
}
