import { RESULT_CODES } from '@tradedesk/contract';
import { translateMessage } from '@tradedesk/contract/messages';
import type { AppModule } from '../app/module.ts';
import type { Bus } from '../bus/bus.ts';
import type { Store } from '../db/database.ts';
import type { DatabaseHealth } from '../db/database-health.ts';
import type { Draining } from './draining.ts';
import { languageOf } from './endpoint.ts';

/**
 * GET /health, for a load balancer and an operator: 200 while the node serves; 503 in the
 * envelope, with what is wrong, while the database is out of reach or refuses writes, or
 * while the node drains for shutdown.
 */
export const healthModule: AppModule<{
  store: Store;
  health: DatabaseHealth;
  draining: Draining;
  bus: Bus;
  /** Scale-out: the node's name and what it holds (the feed, its partitions). */
  role: { node: string; holdings: () => { feed: boolean; partitions: number[] } } | undefined;
}> = {
  name: 'health',
  register(app, { store, health, draining, bus, role }) {
    const about = () =>
      role
        ? { database: store.dialect, node: role.node, role: role.holdings() }
        : { database: store.dialect };
    // A commit proves writes work again (a full disk freed) before the next check asks.
    bus.subscribe('account.committed', () => health.noteWrite());
    app.get('/health', async (request, reply) => {
      const condition = await health.check();
      if (draining.draining)
        return reply.status(503).send({
          code: RESULT_CODES.SHUTTING_DOWN.code,
          msg: translateMessage(languageOf(request), RESULT_CODES.SHUTTING_DOWN.key),
          data: { status: 'shutting down', ...about() },
        });
      if (condition === 'ok') return { code: 1, msg: 'ok', data: { status: 'ok', ...about() } };
      const result =
        condition === 'unavailable' ? RESULT_CODES.DATABASE_UNAVAILABLE : RESULT_CODES.CANNOT_SAVE;
      return reply.status(503).send({
        code: result.code,
        msg: translateMessage(languageOf(request), result.key),
        data: {
          status: condition === 'unavailable' ? 'database unavailable' : 'database refuses writes',
          ...about(),
        },
      });
    });
    return { api: undefined };
  },
};
