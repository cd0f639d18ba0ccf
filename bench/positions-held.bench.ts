// What an order costs as its account holds more positions (issue 39), in one run on one
// server: market orders from accounts holding 5 positions and from accounts holding 200,
// rounds alternating, beside the same server's `/health`. Each connection trades one account
// and closes each position it opens, so an account holds the same number all along: every
// open is a command that values the account (free margin) and every commit places it in the
// stop-out screen again. Orders/s counts opens and closes; p50/p99 are over both.
import autocannon from 'autocannon';
import { reportGoal } from './goals.ts';
import { startServer } from './orders-server-process.ts';

const CONNECTIONS = 32;
const SECONDS = 5;
const ROUNDS = 2;
const HELD = { few: 5, many: 200 } as const;

async function post<T>(base: string, path: string, token: string, body: object): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token, lang: 'en' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 1) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** Demo accounts, each holding `held` open positions placed through the API. */
async function accounts(base: string, prefix: string, held: number, order: object) {
  const tokens: string[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const response = await fetch(
      `${base}/api/user/createAccountDemoForU?demo_id=bench-${prefix}-${String(i).padStart(4, '0')}`,
      { headers: { 'x-forwarded-for': `10.${prefix === 'few' ? 1 : 2}.0.${i + 1}` } },
    );
    tokens.push(((await response.json()) as { data: { token: string } }).data.token);
  }
  await Promise.all(
    tokens.map(async (token) => {
      for (let n = 0; n < held; n++) await post(base, '/v1/api/forex/submit', token, order);
    }),
  );
  return tokens;
}

/** What a connection keeps between its requests: its account's token, the order it opened. */
interface Connection {
  token?: string;
  orderId?: number;
}

interface Round {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Each connection opens a position on its own account, then closes it, for SECONDS. */
async function trade(base: string, tokens: readonly string[], order: string): Promise<Round> {
  let next = 0;
  let refused = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/v1/api/forex/submit',
        setupRequest(request, context) {
          const c = context as Connection;
          c.token ??= tokens[next++ % tokens.length]!;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: c.token,
              lang: 'en',
            },
            body: order,
          };
        },
        onResponse(_status, body, context) {
          const answer = JSON.parse(body) as { code: number; data: { Id: number } | null };
          if (answer.code !== 1) refused += 1;
          (context as Connection).orderId = answer.data?.Id ?? 0;
        },
      },
      {
        method: 'POST',
        path: '/v1/api/forex/close',
        setupRequest: (request, context) => ({
          ...request,
          headers: {
            'content-type': 'application/json',
            authorization: (context as Connection).token!,
            lang: 'en',
          },
          body: JSON.stringify({ id: (context as Connection).orderId }),
        }),
        onResponse(_status, body) {
          if ((JSON.parse(body) as { code: number }).code !== 1) refused += 1;
        },
      },
    ],
  });
  return {
    perSecond: result.requests.total / SECONDS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + refused,
  };
}

async function health(base: string): Promise<number> {
  const result = await autocannon({
    url: `${base}/health`,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  return result.requests.total / SECONDS;
}

const server = await startServer(
  'platform',
  process.env.BENCH_DATABASE_URL ? { BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL } : {},
);
const base = `http://127.0.0.1:${server.port}`;
const list = (await (
  await fetch(`${base}/v1/api/forex/trade_list?searchCurrency=EURUSD`)
).json()) as { data: { Id: number; Code: string }[] };
const eurusd = list.data.find((i) => i.Code === 'EURUSD')!.Id;
const order = { type: 1, cont: '0.01', forex_id: eurusd, status: 1, multiple: 100 };
const few = await accounts(base, 'few', HELD.few, order);
const many = await accounts(base, 'many', HELD.many, order);
const body = JSON.stringify(order);

const healthPerSecond = await health(base);
const rounds: { few: Round[]; many: Round[] } = { few: [], many: [] };
for (let round = 0; round < ROUNDS; round++) {
  rounds.few.push(await trade(base, few, body));
  rounds.many.push(await trade(base, many, body));
}
server.child.kill('SIGTERM');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const line = (name: string, runs: Round[]) => {
  const rate = median(runs.map((r) => r.perSecond));
  console.info(
    `${name.padEnd(26)} ${rate.toFixed(0).padStart(6)}/s  ${(rate / healthPerSecond).toFixed(2)}× /health  p50/p99 ${median(runs.map((r) => r.p50))}/${median(runs.map((r) => r.p99))} ms  (${runs.map((r) => r.perSecond.toFixed(0)).join(', ')}; ${runs.reduce((s, r) => s + r.errors, 0)} errors)`,
  );
  return rate;
};
console.info(
  `\nOrders by positions held (${CONNECTIONS} accounts and connections, open then close, ${ROUNDS}× ${SECONDS} s alternating, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`,
);
console.info(`/health (baseline)         ${healthPerSecond.toFixed(0).padStart(6)}/s`);
const fewRate = line(`holding ${HELD.few} positions`, rounds.few);
const manyRate = line(`holding ${HELD.many} positions`, rounds.many);
console.info(
  `ratio ${HELD.many}/${HELD.few} positions: ${(manyRate / fewRate).toFixed(2)}× (goal ≥ 0.90×)`,
);
reportGoal(
  'positions held',
  `orders holding ${HELD.many} / holding ${HELD.few} positions`,
  manyRate / fewRate,
  { atLeast: 0.9 },
);
reportGoal(
  'positions held',
  `orders holding ${HELD.few} positions / /health`,
  fewRate / healthPerSecond,
  { atLeast: 0.3 },
);
reportGoal(
  'positions held',
  `p99 holding ${HELD.many} positions`,
  median(rounds.many.map((r) => r.p99)),
  { atMost: 50 },
  'ms',
);
process.exit(0);
