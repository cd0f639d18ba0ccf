// Scale-out (issue 28): order placement and socket fan-out through HAProxy (deploy/haproxy.cfg)
// with 1 and 3 nodes on PostgreSQL + Redis, beside the embedded default (one process, SQLite,
// no proxy) measured in the same run. Two cores: no speed-up is expected; the figures show what
// the proxy, the Redis bus and a node cost, and that nothing is lost (orders the database holds
// = orders acknowledged). Bounded: each phase stops by itself.
import WebSocket from 'ws';
import { startCluster } from '../packages/server/src/testing/cluster-processes.ts';
import { startServerProcess } from '../packages/server/src/testing/server-process.ts';
import { CONNECTIONS, SECONDS, submitLoad } from './submit-load.ts';

const USERS = 200;
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 300);

interface Deployment {
  name: string;
  /** Where clients go: HAProxy, or the lone process. */
  entry: string;
  /** Each node straight (users are made there, each with an address of its own). */
  nodes: string[];
  close(): Promise<void>;
}

interface Figures {
  ordersPerSecond: number;
  acknowledged: number;
  placed: number;
  p50: number;
  p99: number;
  framesPerSecond: number;
  lagP50: number;
  lagP99: number;
}

async function json<T>(url: string, init: RequestInit = {}): Promise<{ code: number; data: T }> {
  const response = await fetch(url, init);
  return (await response.json()) as { code: number; data: T };
}

/** 200 demo users placing market orders through the entry for SECONDS. */
async function placeOrders(
  d: Deployment,
): Promise<Pick<Figures, 'ordersPerSecond' | 'acknowledged' | 'placed' | 'p50' | 'p99'>> {
  const list = await json<{ Id: number; Code: string }[]>(
    `${d.entry}/v1/api/forex/trade_list?searchCurrency=ETHUSD`,
  );
  const eth = list.data.find((i) => i.Code === 'ETHUSD')!.Id;
  const bodies: { token: string; body: string }[] = [];
  for (let i = 0; i < USERS; i++) {
    // Made on a node straight, one address per user: demo creation is limited per address.
    const session = await json<{ token: string }>(
      `${d.nodes[i % d.nodes.length]}/api/user/createAccountDemoForU?demo_id=bench-cluster-${String(i).padStart(6, '0')}`,
      { headers: { 'x-forwarded-for': `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}` } },
    );
    const body = { type: 1 + (i % 2), cont: '0.01', forex_id: eth, status: 1, multiple: 10 };
    bodies.push({ token: session.data.token, body: JSON.stringify(body) });
  }
  let acknowledged = 0;
  const measured = await submitLoad(d.entry, bodies, (body) => {
    if (body.includes('"code":1,')) acknowledged += 1;
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  let placed = 0;
  for (const { token } of bodies) {
    const deal = await json<{ total: number }>(`${d.entry}/v1/api/forex/my_deal?status=1&page=1`, {
      headers: { authorization: token },
    });
    placed += deal.data.total;
  }
  return {
    ordersPerSecond: placed / SECONDS,
    acknowledged,
    placed,
    p50: measured.latency.p50,
    p99: measured.latency.p99,
  };
}

/** SOCKETS clients through the entry on DAY_MARKET for SECONDS: frames/s and quote age. */
async function fanOut(
  d: Deployment,
): Promise<Pick<Figures, 'framesPerSecond' | 'lagP50' | 'lagP99'>> {
  const url = `${d.entry.replace('http', 'ws')}/v1/ws`;
  const sockets: WebSocket[] = [];
  const lags: number[] = [];
  let frames = 0;
  let measuring = false;
  for (let i = 0; i < SOCKETS; i++) {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.on('message', (data) => {
      if (!measuring) return;
      const frame = JSON.parse(data.toString()) as { topic?: string; data?: { time: number }[] };
      if (frame.topic !== 'DAY_MARKET') return;
      frames += 1;
      const now = Date.now();
      for (const quote of frame.data ?? []) lags.push(now - quote.time);
    });
    socket.send(JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' }));
    sockets.push(socket);
  }
  // The first frame is the whole board; measure what follows.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  measuring = true;
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  measuring = false;
  for (const socket of sockets) socket.terminate();
  lags.sort((a, b) => a - b);
  const at = (p: number) =>
    lags[Math.min(lags.length - 1, Math.floor(lags.length * p))] ?? Number.NaN;
  return { framesPerSecond: frames / SECONDS, lagP50: at(0.5), lagP99: at(0.99) };
}

async function measure(start: () => Promise<Deployment>): Promise<Figures & { name: string }> {
  const d = await start();
  try {
    const orders = await placeOrders(d);
    const fan = await fanOut(d);
    return { name: d.name, ...orders, ...fan };
  } finally {
    await d.close();
  }
}

/** Every socket comes from one address (loopback, or HAProxy's): lift the cap per address. */
const SOCKET_CAP = { MAX_SOCKETS_PER_ADDRESS: String(SOCKETS + 10) };

async function embedded(): Promise<Deployment> {
  const server = await startServerProcess({
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    ...SOCKET_CAP,
  });
  return {
    name: 'embedded (SQLite, 1 process)',
    entry: server.baseUrl,
    nodes: [server.baseUrl],
    close: () => server.cleanup(),
  };
}

async function cluster(nodes: number): Promise<Deployment> {
  const c = await startCluster({ nodes, env: { LOG_LEVEL: 'warn', ...SOCKET_CAP } });
  return {
    name: `HAProxy + ${nodes} node${nodes > 1 ? 's' : ''} (PostgreSQL, Redis)`,
    entry: c.url,
    nodes: c.nodes.map((n) => n.url),
    close: () => c.close(),
  };
}

const results = [
  await measure(embedded),
  await measure(() => cluster(1)),
  await measure(() => cluster(3)),
];
const base = results[0]!;
const x = (n: number, of: number) => `${(n / of).toFixed(2)}×`;
console.info(
  `\nScale-out (${USERS} demo users, ${CONNECTIONS} connections, ${SECONDS} s of orders; ${SOCKETS} sockets on DAY_MARKET for ${SECONDS} s)`,
);
for (const r of results) {
  console.info(
    `${r.name.padEnd(36)} orders ${r.ordersPerSecond.toFixed(0).padStart(5)}/s ${x(r.ordersPerSecond, base.ordersPerSecond)} p50/p99 ${r.p50}/${r.p99} ms, ${r.acknowledged} acknowledged, ${r.placed} in the database (${r.placed - r.acknowledged} in flight at the deadline; lost ${Math.max(0, r.acknowledged - r.placed)}); frames ${r.framesPerSecond.toFixed(0).padStart(5)}/s ${x(r.framesPerSecond, base.framesPerSecond)}, quote age p50/p99 ${r.lagP50}/${r.lagP99} ms`,
  );
}
process.exit(0);
