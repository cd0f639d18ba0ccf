/**
 * Every cached read of the back office, in one place so that a change made in one feature
 * invalidates what it affects in another (a decided identity changes the user and the audit
 * log too). Keys are prefixes: invalidating `adminKeys.users` refreshes lists and details.
 */
export const adminKeys = {
  me: ['me'],
  users: ['users'],
  userList: (params: object) => ['users', 'list', params],
  user: (id: number, ledgerPage: number) => ['users', 'detail', id, ledgerPage],
  identities: ['identities'],
  identityList: (params: object) => ['identities', 'list', params],
  settings: ['settings'],
  operators: ['operators'],
  audit: ['audit'],
  auditList: (params: object) => ['audit', 'list', params],
  deposits: ['deposits'],
  depositList: (params: object) => ['deposits', 'list', params],
  withdrawals: ['withdrawals'],
  withdrawalList: (params: object) => ['withdrawals', 'list', params],
  fundingConfig: ['funding', 'config'],
  upload: (url: string) => ['upload', url],
  complaints: ['complaints'],
  complaintList: (params: object) => ['complaints', 'list', params],
  news: ['news'],
  newsList: (params: object) => ['news', 'list', params],
  newsArticle: (id: number) => ['news', 'article', id],
  companies: ['companies'],
  companyList: (params: object) => ['companies', 'list', params],
  companySettings: ['company', 'settings'],
} as const;
