import { RESULT_CODES } from '@tradedesk/contract';
import { translateMessage } from '@tradedesk/contract/messages';
import type { FastifyInstance } from 'fastify';
import { languageOf } from './endpoint.ts';

/**
 * Shutdown without dropping anyone (issue 23): on SIGTERM the node stops taking requests —
 * each new one answers 503 in the envelope at once, with `Connection: close` and
 * `Retry-After`, so a client or the load balancer goes elsewhere — while every request
 * already in flight runs to its answer, up to a bound; only then does the app close (its
 * sockets with 1001 "going away", its store last). Before, 14 of 19 requests in flight were
 * reset and late ones got Fastify's raw 503 body.
 *
 * "In flight" includes what has reached the node but not yet been read: on a busy node a
 * connection can be accepted, or even still queued in the kernel, with its request unparsed —
 * closing the listener then resets it (CI saw 40 resets that way). So the drain also waits
 * for a quiet spell: no new connection and no new request for `QUIET_MS`. Everything that
 * arrived in time is answered — taken, or 503 in the envelope — before anything closes.
 *
 * Installed first, so its hook runs before any other hook or route.
 */
export const QUIET_MS = 300;

export function installDraining(app: FastifyInstance) {
  let draining = false;
  let inFlight = 0;
  let lastArrival = 0;
  app.server.on('connection', () => {
    lastArrival = Date.now();
  });

  app.addHook('onRequest', async (request, reply) => {
    lastArrival = Date.now();
    if (draining) {
      return reply
        .status(503)
        .header('connection', 'close')
        .header('retry-after', '1')
        .send({
          code: RESULT_CODES.SHUTTING_DOWN.code,
          msg: translateMessage(languageOf(request), RESULT_CODES.SHUTTING_DOWN.key),
          data: null,
        });
    }
    inFlight += 1;
    // 'close' comes once the answer is sent or the client went away, whichever first.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
  });

  return {
    get draining(): boolean {
      return draining;
    },
    get inFlight(): number {
      return inFlight;
    },
    /**
     * Stops taking requests and waits until none is in flight and nothing new has arrived for
     * `quietMs`, at most `timeoutMs`; answers how many were still running when it stopped.
     */
    async drain(timeoutMs: number, quietMs = QUIET_MS): Promise<number> {
      draining = true;
      const deadline = Date.now() + timeoutMs;
      const settled = () => inFlight === 0 && Date.now() - lastArrival >= quietMs;
      while (!settled() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return inFlight;
    },
  };
}

export type Draining = ReturnType<typeof installDraining>;
