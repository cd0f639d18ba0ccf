import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createComposition } from './composition.ts';
import type { AppModule } from './module.ts';

/** A module that writes each step it takes into `steps`, failing the steps it is told to. */
function recording(
  name: string,
  steps: string[],
  failing: readonly string[] = [],
): AppModule<{ given: number }, string> {
  const step = (what: string) => () => {
    steps.push(`${what} ${name}`);
    if (failing.includes(what)) throw new Error(`${what} ${name} failed`);
  };
  return {
    name,
    register(_app, deps) {
      steps.push(`register ${name} with ${deps.given}`);
      return {
        api: `api of ${name}`,
        start: step('start'),
        release: step('release'),
        stop: step('stop'),
      };
    },
  };
}

describe('the composition root', () => {
  it('registers in order, starts in order, releases then stops in reverse', async () => {
    const app = Fastify();
    const root = createComposition(app);
    const steps: string[] = [];
    const store = recording('store', steps);
    expect(await root.add(store, { given: 1 })).toBe('api of store');
    await root.add(recording('engine', steps), { given: 2 });
    await root.add(recording('sockets', steps), { given: 3 });
    expect(root.names()).toEqual(['store', 'engine', 'sockets']);
    expect(root.apiOf(store)).toBe('api of store');
    const absent = recording('absent', steps);
    expect(root.apiOf(absent)).toBeUndefined();
    await app.ready();
    await app.close();
    expect(steps).toEqual([
      'register store with 1',
      'register engine with 2',
      'register sockets with 3',
      'start store',
      'start engine',
      'start sockets',
      'release sockets',
      'release engine',
      'release store',
      'stop sockets',
      'stop engine',
      'stop store',
    ]);
  });

  it('keeps stopping the rest when one module fails to stop, so the store still closes', async () => {
    const app = Fastify({ logger: false });
    const root = createComposition(app);
    const steps: string[] = [];
    await root.add(recording('store', steps), { given: 1 });
    await root.add(recording('engine', steps, ['stop']), { given: 2 });
    await app.ready();
    await app.close();
    expect(steps.filter((s) => s.startsWith('stop'))).toEqual(['stop engine', 'stop store']);
  });

  it('fails the start when a module cannot start', async () => {
    const app = Fastify({ logger: false });
    const root = createComposition(app);
    const steps: string[] = [];
    await root.add(recording('store', steps, ['start']), { given: 1 });
    await root.add(recording('engine', steps), { given: 2 });
    await expect(app.ready()).rejects.toThrow('start store failed');
    expect(steps).not.toContain('start engine');
    await app.close();
  });
});
