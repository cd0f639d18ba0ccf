import { type CompanyStatus, SITE_STATUSES } from '@tradedesk/contract';
import { keepCompanyCookie } from '../features/company/lib/company-cookie.ts';
import { api } from '../lib/api-client.ts';
import { useCompanyModeStore } from '../stores/company-mode-store.ts';

export type StartupDecision = { kind: 'leave'; url: string } | { kind: 'stay'; mainMode: boolean };

/**
 * SPEC.md §2: status 0 sends the browser to the loss URL; otherwise main mode is on when the
 * type is 0. A switched-off site without a usable http(s) URL stays (there is nowhere to go,
 * and a `javascript:` URL must never be navigated to).
 */
export function decideStartup(status: CompanyStatus): StartupDecision {
  if (status.status === SITE_STATUSES.off && isWebUrl(status.url))
    return { kind: 'leave', url: status.url };
  return { kind: 'stay', mainMode: status.type === 0 };
}

function isWebUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Runs once at start beside the first render (not before it: offline, the cached shell must
 * still open). A failed check leaves normal mode on.
 */
export async function runStartupCheck(
  leave: (url: string) => void = (url) => window.location.replace(url),
): Promise<StartupDecision | undefined> {
  keepCompanyCookie();
  try {
    const decision = decideStartup(
      await api('companyStatus', undefined, { init: true, silent: true }),
    );
    if (decision.kind === 'leave') leave(decision.url);
    else useCompanyModeStore.getState().setMainMode(decision.mainMode);
    return decision;
  } catch {
    useCompanyModeStore.getState().setMainMode(false);
    return undefined;
  }
}
