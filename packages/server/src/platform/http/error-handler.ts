import { RESULT_CODES, type ResultName } from '@tradedesk/contract';
import { translate, translateMessage } from '@tradedesk/contract/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { DatabaseHealth } from '../db/database-health.ts';
import { isAppError } from './app-error.ts';
import { languageOf } from './endpoint.ts';
import { answerFrameworkError } from './framework-errors.ts';

/**
 * Refusals that say "not now" rather than "no": HTTP 503 with Retry-After (seconds), so that a
 * load balancer or a client retries later, or elsewhere. The body is the envelope all the same.
 */
const RETRY_LATER: Partial<Record<ResultName, number>> = { SERVER_BUSY: 2 };

/**
 * One place turns every failure into the envelope. Refusals (AppError) answer HTTP 200
 * with their code, as SPEC.md's client expects (but those of RETRY_LATER 503); malformed
 * requests answer 400; a database out of reach or refusing writes answers 503 with a code that
 * says so (logged once per outage by `health`); anything else unexpected is logged with the
 * request id and answers a generic 500.
 */
export function installErrorHandling(
  app: FastifyInstance,
  options: { health?: DatabaseHealth } = {},
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = languageOf(request);
    if (isAppError(error)) {
      const result = RESULT_CODES[error.result];
      const retryAfter = RETRY_LATER[error.result];
      if (retryAfter !== undefined) reply.status(503).header('retry-after', String(retryAfter));
      const message = translate(language, result.key, error.vars);
      // A refusal thrown without a variable its message needs (only a result named at run time
      // can be): the client reads the message with "…" for it; the log says which one is owed.
      if (message.missing.length > 0)
        request.log.error(
          { result: error.result, missing: message.missing },
          'refusal without the variables of its message',
        );
      return reply.send({ code: result.code, msg: message.text, data: error.data });
    }
    if (error.statusCode && error.statusCode < 500) {
      // Fastify's own refusals (body too large, unknown content type) with their status.
      const answered = answerFrameworkError(error, request, reply);
      if (answered) return answered;
      request.log.info({ err: error }, 'malformed request');
      return reply.status(error.statusCode).send({
        code: RESULT_CODES.BAD_REQUEST.code,
        msg: translateMessage(language, RESULT_CODES.BAD_REQUEST.key, { field: 'body' }),
        data: null,
      });
    }
    const condition = options.health?.noteError(error);
    if (condition) {
      const result =
        condition === 'unavailable' ? RESULT_CODES.DATABASE_UNAVAILABLE : RESULT_CODES.CANNOT_SAVE;
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          code: result.code,
          msg: translateMessage(language, result.key),
          data: { request_id: request.id },
        });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({
      code: RESULT_CODES.INTERNAL.code,
      msg: translateMessage(language, RESULT_CODES.INTERNAL.key),
      data: { request_id: request.id },
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      code: RESULT_CODES.NOT_FOUND.code,
      msg: translateMessage(languageOf(request), RESULT_CODES.NOT_FOUND.key),
      data: null,
    });
  });
}
