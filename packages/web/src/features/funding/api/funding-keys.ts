/** Roots of the funding feature's query keys, so that a change refreshes exactly its lists. */
export const FUNDING_QUERY_ROOTS = {
  depositNetworks: 'deposit-networks',
  wireCurrencies: 'wire-currencies',
  wireOptions: 'wire-options',
  deposits: 'deposit-list',
  drawSymbols: 'draw-symbols',
  withdrawals: 'draw-list',
  methods: 'draw-methods',
} as const;
