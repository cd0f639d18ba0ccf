/**
 * Seeded randomness for randomized tests: the simulator's own generator (mulberry32), so a
 * test that fails replays from the seed it printed.
 */
export { createRandom as seededRandom } from '../domains/market/feed/random.ts';

/** A seed from the environment variable `name`, or a new one. */
export function seedFrom(name: string): number {
  const given = process.env[name];
  return given === undefined ? Date.now() % 2 ** 31 : Number(given);
}
