/** The copy trading page's cached reads; `all` is the prefix a hide or unhide refreshes. */
export const copyingKeys = {
  all: ['copying'],
  leaderList: (params: object) => ['copying', 'leaders', params],
  copiesOf: (params: object) => ['copying', 'copies', params],
} as const;
