import { SITE_STATUSES } from '@tradedesk/contract';

/**
 * The start-up check's switches by name (SPEC.md §1, §3 Company). The site is on, or off
 * towards the loss URL: the contract's SITE_STATUSES. The mode says what /product lists.
 */
export { SITE_STATUSES };

/** 0 main (company) mode: /product searches the published companies; 1 normal (instruments). */
export const COMPANY_MODES = { main: 0, normal: 1 } as const;

/** Whether traders see a company (companies.enabled): published, or hidden from the search. */
export const COMPANY_VISIBILITY = { hidden: 0, published: 1 } as const;
