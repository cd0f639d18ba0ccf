import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * Lifecycles as tables (STYLE.md, after peatio's withdraw.rb): a record's states are names
 * inside the server; their numbers are the database's and the wire's, and only the codec of
 * a lifecycle turns one into the other.
 */

/** One step of a lifecycle: the states it leaves and the state it enters. */
export interface Transition<State extends string> {
  readonly from: readonly State[];
  readonly to: State;
}

/** Whether a record in `state` may take this step. */
export const canApply = <State extends string>(t: Transition<State>, state: State): boolean =>
  t.from.includes(state);

/**
 * Names ⇄ numbers of one lifecycle, for its repository (database) and its wire mapping;
 * `column` holds the number in the lifecycle's table.
 */
export function statusCodec<State extends string, Code extends number>(
  codes: Readonly<Record<State, Code>>,
  column = 'status',
) {
  const codesOf = (states: readonly State[]): Code[] => states.map((state) => codes[state]);
  const ref = (table: string | undefined) => sql.ref(table ? `${table}.${column}` : column);
  const names = new Map<number, State>();
  for (const state of Object.keys(codes) as State[]) names.set(codes[state], state);
  return {
    /** Every state, in the contract's order. */
    states: Object.keys(codes) as State[],
    codeOf: (state: State): Code => codes[state],
    codesOf,
    /**
     * How a repository asks for rows in one of these states (a transition's `from`) without a
     * number: `status = ?` for one state, `status in (?, ?)` for more — the SQL of Kysely's
     * own `=` and `in` filters, so the same indices serve. `table` qualifies the column.
     */
    isIn(states: readonly State[], table?: string): Expression<SqlBool> {
      const [only, ...more] = codesOf(states);
      if (only !== undefined && more.length === 0) return sql<SqlBool>`${ref(table)} = ${only}`;
      return sql<SqlBool>`${ref(table)} in (${sql.join(codesOf(states))})`;
    },
    /** Rows in any state but this one: `status <> ?`. */
    isNot: (state: State, table?: string): Expression<SqlBool> =>
      sql<SqlBool>`${ref(table)} <> ${codes[state]}`,
    /** The state a stored or sent number names; an unknown number is a broken invariant. */
    stateOf(code: number | bigint): State {
      const state = names.get(Number(code));
      if (state === undefined) throw new Error(`unknown status ${code}`);
      return state;
    },
  };
}
