import { type HttpAnswer, request } from './server-process.ts';

/** A demo trader of a server process, and what the load believes it holds. */
export interface LoadTrader {
  token: string;
  userId: number;
  holding: Set<number>;
  pending: Set<number>;
}

/** One request the load sends: a submit (with its Idempotency-Key), a close or a cancel. */
export type LoadCommand =
  | { kind: 'submit'; trader: LoadTrader; key: string; body: SubmitBody }
  | { kind: 'close' | 'cancel'; trader: LoadTrader; id: number };

/** A command the load sent, and what came back (an envelope, or how the connection failed). */
export type SentCommand = LoadCommand & { answer: HttpAnswer };

type Envelope = Exclude<HttpAnswer, { error: string }>;

export interface SubmitBody {
  type: 1 | 2;
  cont: string;
  forex_id: number;
  status: 0 | 1;
  multiple: number;
  target_price: number;
  stop_loss_price: 0;
  target_profit_price: 0;
}

/** The command took effect and the server said so: `code` 1. */
export const isAcknowledged = (answer: HttpAnswer): answer is Envelope & { code: 1 } =>
  !('error' in answer) && answer.code === 1;

/** The connection failed before an envelope came back: the command may or may not have run. */
export const isUnanswered = (answer: HttpAnswer): boolean => 'error' in answer;

/** A new demo trader; `address` is its x-forwarded-for (demo accounts are limited per address). */
export async function newLoadTrader(baseUrl: string, address: string): Promise<LoadTrader> {
  const answer = await request(
    baseUrl,
    'GET',
    `/api/user/createAccountDemoForU?demo_id=${crypto.randomUUID()}`,
    undefined,
    { 'x-forwarded-for': address },
  );
  if (!isAcknowledged(answer)) throw new Error(`demo refused: ${JSON.stringify(answer)}`);
  const data = answer.data as { token: string; user: { id: number } };
  return { token: data.token, userId: data.user.id, holding: new Set(), pending: new Set() };
}

/** An instrument's current quote, read as a client reads it. */
export async function quoteOf(
  baseUrl: string,
  code: string,
): Promise<{ id: number; bid: number; ask: number; precision: number }> {
  const answer = await request(baseUrl, 'GET', `/v1/api/forex/trade_list?searchCurrency=${code}`);
  if (!isAcknowledged(answer)) throw new Error(`no quote: ${JSON.stringify(answer)}`);
  const row = (
    answer.data as { Id: number; Code: string; Bid: number; Ask: number; PricePrecision: number }[]
  ).find((r) => r.Code === code);
  if (!row) throw new Error(`${code} is not listed`);
  return { id: row.Id, bid: row.Bid, ask: row.Ask, precision: row.PricePrecision };
}

/** Sends one command as the trader and notes what it did to what the trader holds. */
export async function sendCommand(baseUrl: string, command: LoadCommand): Promise<SentCommand> {
  const auth = { authorization: command.trader.token };
  if (command.kind === 'submit') {
    const answer = await request(baseUrl, 'POST', '/v1/api/forex/submit', command.body, {
      ...auth,
      'idempotency-key': command.key,
    });
    if (isAcknowledged(answer)) {
      const order = answer.data as { Id: number; Status: number };
      (order.Status === 0 ? command.trader.pending : command.trader.holding).add(order.Id);
    }
    return { ...command, answer };
  }
  const path = command.kind === 'close' ? '/v1/api/forex/close' : '/v1/api/forex/cancel_trade';
  const answer = await request(baseUrl, 'POST', path, { id: command.id }, auth);
  if (isAcknowledged(answer))
    (command.kind === 'close' ? command.trader.holding : command.trader.pending).delete(command.id);
  return { ...command, answer };
}

/**
 * What a trader does next under load: mostly market orders, pending buy limits far below the
 * market (they wait, holding a reserve), closes of its positions and cancels of its pending
 * orders. `random` is seeded; `key` names a submit for its Idempotency-Key.
 */
export function nextCommand(
  trader: LoadTrader,
  random: () => number,
  market: { id: number; bid: number },
  key: string,
): LoadCommand {
  const draw = random();
  const pick = (ids: Set<number>) => [...ids][Math.floor(random() * ids.size)]!;
  if (draw < 0.25 && trader.holding.size > 0)
    return { kind: 'close', trader, id: pick(trader.holding) };
  if (draw < 0.35 && trader.pending.size > 0)
    return { kind: 'cancel', trader, id: pick(trader.pending) };
  const pending = draw > 0.8;
  const body: SubmitBody = {
    type: pending || random() < 0.5 ? 1 : 2,
    cont: '0.01',
    forex_id: market.id,
    status: pending ? 0 : 1,
    multiple: 10,
    target_price: pending ? Math.round(market.bid * 0.8) : 0,
    stop_loss_price: 0,
    target_profit_price: 0,
  };
  return { kind: 'submit', trader, key, body };
}
