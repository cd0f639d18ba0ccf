/**
 * Roots of the query keys that show an account's money and orders, shared by the features
 * that read them and those that change them (a reset, an order, a close).
 */
export const ACCOUNT_QUERY_ROOTS = {
  balance: 'balance',
  ledger: 'ledger',
  forexDetail: 'forex-detail',
  myDeal: 'my-deal',
} as const;

export const ALL_ACCOUNT_ROOTS: readonly string[] = Object.values(ACCOUNT_QUERY_ROOTS);

/**
 * The public ranking's key, shared by the ranking that reads it and the consent page whose
 * choice adds or removes the trader from it.
 */
export const RANKING_QUERY_KEY = ['ranking'] as const;
