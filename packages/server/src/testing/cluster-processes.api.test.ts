import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, skipCluster, startCluster } from './cluster-processes.ts';

interface Health {
  status: number;
  /** data.node: the NODE_ID that answered, or why nothing did. */
  node: string | null;
  role?: { feed: boolean; partitions: number[] };
}

/** GET /health with a bound: its status, the node that answered and what that node holds. */
async function health(baseUrl: string): Promise<Health> {
  try {
    const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
    const body = (await response.json()) as { data?: Pick<Health, 'node' | 'role'> };
    return { status: response.status, node: body.data?.node ?? null, role: body.data?.role };
  } catch (error) {
    return { status: 0, node: `no answer: ${(error as Error).message}` };
  }
}

/** Who holds the feed and each partition, as the given nodes report it. */
async function holdings(urls: string[]) {
  const roles = await Promise.all(urls.map(async (url) => (await health(url)).role));
  return {
    feedHolders: roles.filter((role) => role?.feed).length,
    partitions: roles.flatMap((role) => role?.partitions ?? []).sort((a, b) => a - b),
  };
}

const EVERY_PARTITION = Array.from({ length: 16 }, (_, i) => i);

// Three server processes on PostgreSQL and Redis behind HAProxy with deploy/haproxy.cfg
// (issue 28): the balancer spreads requests, a node killed loses no request, and the live
// nodes take over what it held.
describe.skipIf(skipCluster)('three nodes behind HAProxy', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster({ nodes: 3 });
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  it('spreads requests over the nodes', async () => {
    const answered = new Set<string | null>();
    for (let i = 0; i < 9; i++) {
      const answer = await health(cluster.url);
      expect(answer.status).toBe(200);
      answered.add(answer.node);
    }
    const ids = cluster.nodes.map((node) => node.id);
    // Every answer names a node of this cluster (data.node is NODE_ID), and not only one.
    expect([...answered].filter((node) => !ids.includes(node ?? ''))).toEqual([]);
    expect(answered.size).toBeGreaterThan(1);
  });

  it('answers every request while a node is killed', async () => {
    const victim = cluster.nodes[1]!;
    expect(await victim.kill('SIGKILL')).toBe('SIGKILL');
    // Right after the kill HAProxy still counts the node as up: the requests it sends there
    // fail to connect and are redispatched to a live node, so none of them fails.
    const answers: Health[] = [];
    for (let i = 0; i < 20; i++) answers.push(await health(cluster.url));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(answers.map((a) => a.node)).not.toContain(victim.id);
    // And the checks take it out of rotation (inter 500 fall 2), within the bound.
    await expect
      .poll(async () => (await cluster.balancerStates())[victim.id], { timeout: 5_000 })
      .toMatch(/^DOWN/);
  });

  it("hands the killed node's feed and partitions to the others", async () => {
    // Runs after the kill above. LEASE_TTL_MS is 2000: its leases expire and the next round
    // (every 500 ms) of a live node takes them; each partition once, one feed.
    const killed = cluster.nodes[1]!;
    const live = cluster.nodes.filter((node) => node !== killed).map((node) => node.url);
    try {
      await expect
        .poll(() => holdings(live), { timeout: 10_000, interval: 250 })
        .toEqual({ feedHolders: 1, partitions: EVERY_PARTITION });
    } catch (error) {
      // What the database says, beside what the nodes said: which side is wrong.
      const leases = await cluster.db.selectFrom('leases').selectAll().orderBy('name').execute();
      const roles = await Promise.all(live.map((url) => health(url)));
      throw new Error(
        `${(error as Error).message}\nnodes: ${JSON.stringify(roles)}\nleases: ${JSON.stringify(
          leases,
          (_key, value) => (typeof value === 'bigint' ? String(value) : value),
        )}`,
      );
    }
  });
});
