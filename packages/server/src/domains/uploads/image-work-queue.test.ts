import { describe, expect, it } from 'vitest';
import { isAppError } from '../../platform/http/app-error.ts';
import { createImageWorkQueue } from './image-work-queue.ts';

/** Work that finishes when the test says so, recording when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    open: () => open(),
    work: async () => {
      log.push(`start ${name}`);
      await opened;
      log.push(`end ${name}`);
      return name;
    },
  };
}

/** Lets every settled promise's reactions run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the image work queue', () => {
  it('runs one at a time, in arrival order, and refuses with SERVER_BUSY past its line', async () => {
    const queue = createImageWorkQueue({ concurrency: 1, maxWaiting: 2 });
    const log: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((name) => gate(log, name));
    const runs = gates.map((g) => queue.run(g.work));
    const refused = await runs[3]!.catch((error: unknown) => error);
    expect(isAppError(refused) && refused.result).toBe('SERVER_BUSY');
    await settle();
    expect(log).toEqual(['start a']);
    expect(queue.load()).toEqual({ started: 1, active: 1, waiting: 2 });

    // A turn that ends passes to the next in line; a new arrival waits behind it.
    gates[0]!.open();
    expect(await runs[0]).toBe('a');
    await settle();
    expect(log).toEqual(['start a', 'end a', 'start b']);
    const late = gate(log, 'e');
    const lateRun = queue.run(late.work);
    expect(queue.load()).toEqual({ started: 2, active: 1, waiting: 2 });
    // Full again: the next one is refused too, and starts nothing.
    await expect(queue.run(async () => 'f')).rejects.toMatchObject({ result: 'SERVER_BUSY' });

    for (const g of [gates[1]!, gates[2]!, late]) g.open();
    expect(await Promise.all([runs[1], runs[2], lateRun])).toEqual(['b', 'c', 'e']);
    expect(log).toEqual([
      'start a',
      'end a',
      'start b',
      'end b',
      'start c',
      'end c',
      'start e',
      'end e',
    ]);
    expect(queue.load()).toEqual({ started: 4, active: 0, waiting: 0 });
  });

  it('gives the turn on when work fails, and runs up to its concurrency at once', async () => {
    const queue = createImageWorkQueue({ concurrency: 2, maxWaiting: 0 });
    const log: string[] = [];
    const [a, b] = [gate(log, 'a'), gate(log, 'b')];
    const runs = [queue.run(a.work), queue.run(b.work)];
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    await expect(queue.run(async () => 'c')).rejects.toMatchObject({ result: 'SERVER_BUSY' });
    a.open();
    b.open();
    await Promise.all(runs);

    const broken = queue.run(async () => {
      throw new Error('not a picture');
    });
    await expect(broken).rejects.toThrow('not a picture');
    expect(queue.load()).toEqual({ started: 3, active: 0, waiting: 0 });
    expect(await queue.run(async () => 'after')).toBe('after');
  });
});
