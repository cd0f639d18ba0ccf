import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';

const PROTOTYPE_POISONING = { protoAction: 'error', constructorAction: 'error' } as const;

/**
 * Tolerates an empty JSON body (SPEC.md's client posts some calls with no payload) and
 * refuses prototype keys (`__proto__`, `constructor.prototype`) the way Fastify's own parser
 * does, through the same library: a body carrying them is malformed, not merged.
 */
export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1_048_576 },
    (_req, body, done) => {
      const text = String(body).trim();
      if (text === '') return done(null, {});
      try {
        done(null, secureJson.parse(text, undefined, PROTOTYPE_POISONING));
      } catch {
        const error = Object.assign(new Error('Malformed JSON body'), { statusCode: 400 });
        done(error, undefined);
      }
    },
  );
}
