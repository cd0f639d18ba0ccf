import type { FastifyInstance } from 'fastify';
import type { AppModule, Lifecycle } from './module.ts';

/**
 * The composition root's bookkeeping: modules are added in dependency order; the app starts
 * them in that order and stops them in the reverse one, so that what a module needs (the
 * engine, the store) is still open while it stops.
 */
export function createComposition(app: FastifyInstance) {
  const added: { name: string; lifecycle: Lifecycle }[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: any module's deps; only its Api is kept.
  const apis = new Map<AppModule<any, unknown>, unknown>();

  /**
   * Runs one step of every module, in order; a failing step is logged and the rest still run,
   * so that one module's failure at shutdown never leaves the store open.
   */
  async function each(
    step: keyof Lifecycle,
    modules: readonly { name: string; lifecycle: Lifecycle }[],
    orFail: boolean,
  ) {
    for (const { name, lifecycle } of modules) {
      try {
        await lifecycle[step]?.();
      } catch (error) {
        if (orFail) throw error;
        app.log.error({ err: error, module: name }, `${step} failed`);
      }
    }
  }

  // A module that cannot start fails the start (listen rejects); shutdown carries on.
  app.addHook('onReady', async () => each('start', added, true));
  app.addHook('preClose', async () => each('release', [...added].reverse(), false));
  app.addHook('onClose', async () => each('stop', [...added].reverse(), false));

  return {
    /** Registers a module and returns what it offers the modules added after it. */
    async add<Deps, Api>(module: AppModule<Deps, Api>, deps: Deps): Promise<Api> {
      const { api, ...lifecycle } = await module.register(app, deps);
      added.push({ name: module.name, lifecycle });
      apis.set(module, api);
      return api;
    },
    /**
     * What a module offers, once added; undefined for a module this app left out (no market
     * on a suite that needs none, no cluster on one node). The one way in from outside: a test
     * or a tool asks for the module it wants instead of the app exporting a handle for it.
     */
    // biome-ignore lint/suspicious/noExplicitAny: any module's deps; only its Api is read.
    apiOf<Api>(module: AppModule<any, Api>): Api | undefined {
      return apis.get(module) as Api | undefined;
    },
    /** The modules in the order they were added (tests and the docs read it). */
    names: () => added.map((m) => m.name),
  };
}

export type Composition = ReturnType<typeof createComposition>;
