import { describe, expect, it } from 'vitest';
import { fairShare } from './lease-keeper.ts';

describe('fair shares of partitions', () => {
  const shares = (alive: string[], partitions: number) =>
    alive.map((node) => [...fairShare(alive, node, partitions)]);

  it('gives every partition to exactly one live node, none more than its fair share', () => {
    for (const count of [1, 2, 3, 5]) {
      const alive = Array.from({ length: count }, (_, i) => `node-${i + 1}`);
      for (const partitions of [1, 8, 16, 64]) {
        const all = shares(alive, partitions);
        expect(all.flat().sort((a, b) => a - b)).toEqual([...Array(partitions).keys()]);
        for (const mine of all)
          expect(mine.length).toBeLessThanOrEqual(Math.ceil(partitions / count));
      }
    }
  });

  it('moves few partitions when a node leaves: only what it held, and a few to rebalance', () => {
    const before = shares(['a', 'b', 'c', 'd'], 64);
    const after = shares(['a', 'b', 'c'], 64);
    const kept = [0, 1, 2].map((i) => before[i]!.filter((p) => after[i]!.includes(p)).length);
    // Each survivor keeps most of what it had (16 each before; 21 or 22 after).
    for (const k of kept) expect(k).toBeGreaterThanOrEqual(12);
  });
});
