// Order placement over HTTP on loopback: market orders from many demo users against the
// whole server (SQLite, simulated market, one writer per account), against a trivial
// Fastify route measured in the same run. Orders/s counts orders actually placed.
import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';

const USERS = 200;
const CONNECTIONS = 32;
const SECONDS = 10;

async function startServer(
  mode: 'platform' | 'trivial',
): Promise<{ port: number; child: ChildProcess }> {
  // BENCH_PROFILE=dir writes the platform server's CPU profile there (where the time goes).
  const profile =
    process.env.BENCH_PROFILE && mode === 'platform'
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', 'bench/orders-server.ts', mode],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // A bench that fails half-way must not leave its server running.
  process.once('exit', () => child.kill('SIGKILL'));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (data) => resolve(Number(String(data).trim())));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  return { port, child };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function json<T>(url: string, init: RequestInit = {}): Promise<{ code: number; data: T }> {
  const response = await fetch(url, init);
  return (await response.json()) as { code: number; data: T };
}

function run(port: number, bodies: { token: string; body: string }[]) {
  let next = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/v1/api/forex/submit',
        setupRequest: (request) => {
          const { token, body } = bodies[next++ % bodies.length]!;
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: token, lang: 'en' },
            body,
          };
        },
      },
    ],
  });
}

// The trivial route first, so both runs see the machine equally warm.
const trivial = await startServer('trivial');
const order = JSON.stringify({ type: 1, cont: '0.01', forex_id: 1, status: 1, multiple: 100 });
const baseline = await run(trivial.port, [{ token: 'none', body: order }]);
await stop(trivial.child);
console.info(`trivial route measured; starting the platform`);

const platform = await startServer('platform');
const base = `http://127.0.0.1:${platform.port}`;
const list = await json<{ Id: number; Code: string }[]>(
  `${base}/v1/api/forex/trade_list?searchCurrency=EURUSD`,
);
const eurusd = list.data.find((i) => i.Code === 'EURUSD')!.Id;
const bodies: { token: string; body: string }[] = [];
for (let i = 0; i < USERS; i++) {
  // One address per user: demo creation is rate-limited per address.
  const session = await json<{ token: string }>(
    `${base}/api/user/createAccountDemoForU?demo_id=bench-user-${String(i).padStart(6, '0')}`,
    { headers: { 'x-forwarded-for': `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}` } },
  );
  bodies.push({
    token: session.data.token,
    body: JSON.stringify({
      type: 1 + (i % 2),
      cont: '0.01',
      forex_id: eurusd,
      status: 1,
      multiple: 100,
    }),
  });
}
console.info(`${USERS} demo users ready; placing orders for ${SECONDS} s`);
const measured = await run(platform.port, bodies);
let placed = 0;
for (const { token } of bodies) {
  const deal = await json<{ total: number }>(`${base}/v1/api/forex/my_deal?status=1&page=1`, {
    headers: { authorization: token },
  });
  placed += deal.data.total;
}
await stop(platform.child);

const ordersPerSecond = placed / SECONDS;
const trivialPerSecond = baseline.requests.total / SECONDS;
console.info(
  `\nOrder placement over HTTP (${USERS} demo users, ${CONNECTIONS} connections, ${SECONDS} s, SQLite)`,
);
console.info(
  `orders placed: ${placed} (${ordersPerSecond.toFixed(0)}/s, ${measured.requests.total} requests, ${measured.errors} errors); p50/p99 ${measured.latency.p50}/${measured.latency.p99} ms`,
);
console.info(
  `trivial Fastify route: ${trivialPerSecond.toFixed(0)} requests/s; p50/p99 ${baseline.latency.p50}/${baseline.latency.p99} ms`,
);
console.info(
  `ratio: ${(ordersPerSecond / trivialPerSecond).toFixed(3)} of the trivial route's throughput; p99 ${(measured.latency.p99 / Math.max(baseline.latency.p99, 1)).toFixed(1)}× its latency`,
);
// autocannon stops counting at the deadline; orders still in flight then are in the database.
console.info(
  `answers counted by autocannon: ${measured.requests.total}; orders in the database: ${placed}`,
);
