import { asMicros, type Micros } from '@tradedesk/engine';
import type { AccountsRepository } from '../../platform/core/accounts.repository.ts';
import type { TradingService } from '../trading/index.ts';
import { maskContact, type UserRecord, type UsersRepository } from '../users/index.ts';

/** Copy accounts valued at once: each valuation is two reads, and the pool has few connections. */
const VALUATIONS_AT_ONCE = 4;

/** Runs `work` on every item, at most `limit` at a time. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Each copy account's equity, by account. */
export type EquityOf = (accountIds: readonly number[]) => Promise<Map<number, Micros>>;

/**
 * Copy accounts' equity now, as the back office shows it: at the quotes of this node's market
 * through the trading service, or as the stored cash (balance, margin held, reserves) where
 * this node runs none.
 */
export function copyEquity(deps: {
  accounts: Pick<AccountsRepository, 'findMany'>;
  trading?: Pick<TradingService, 'accountNow'> | undefined;
}): EquityOf {
  const { trading } = deps;
  return async (accountIds) => {
    if (!trading) {
      const accounts = await deps.accounts.findMany(accountIds);
      return new Map(
        accounts.map((a) => [a.userId, asMicros(a.balance + a.marginHeld + a.lockBalance)]),
      );
    }
    const equity = new Map<number, Micros>();
    await eachLimited(accountIds, VALUATIONS_AT_ONCE, async (accountId) => {
      equity.set(accountId, (await trading.accountNow(accountId)).figures.equity);
    });
    return equity;
  };
}

/** A trader as the back office names them next to copies. */
export interface Person {
  id: number;
  uid: string;
  /** The masked e-mail or mobile; null for someone with neither (a demo user). */
  contact: string | null;
  isDemo: boolean;
}

const toPerson = (user: UserRecord): Person => ({
  id: user.id,
  uid: user.uid,
  contact: user.email || user.mobile ? maskContact(user) : null,
  isDemo: user.isDemo,
});

/** People (never copy accounts) by id, through the users domain. */
export function peopleOf(users: Pick<UsersRepository, 'findByIds'>) {
  return async (ids: readonly number[]): Promise<Map<number, Person>> => {
    const persons = new Map<number, Person>();
    for (const [id, user] of await users.findByIds(ids))
      if (user.ownerId === null) persons.set(id, toPerson(user));
    return persons;
  };
}
