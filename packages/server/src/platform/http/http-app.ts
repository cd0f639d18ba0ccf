import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../../config.ts';
import { type PhaseTrace, tracePhases } from '../metrics/phase-trace.ts';
import { type Draining, installDraining } from './draining.ts';
import {
  capConnections,
  edgeOptions,
  LOG_REDACTION,
  type ServerLimits,
} from './framework-errors.ts';
import { ApiRequestLogController } from './request-logging.ts';

export interface HttpAppOptions {
  /** pino options or false; defaults to the configured level. */
  logger?: boolean | { level: string };
  /** Where log lines go instead of stdout (tests read what is logged). */
  logStream?: DestinationStream;
  /** Timeouts and the connection cap of the HTTP server (tests shorten them). */
  limits?: Partial<ServerLimits>;
  /** Traces each request's phases and hands each finished trace here (the orders bench). */
  phaseTraces?: (trace: PhaseTrace) => void;
}

/** The Fastify instance every module registers on, able to drain before it closes. */
export function createHttpApp(
  config: Config,
  options: HttpAppOptions,
): { app: FastifyInstance; draining: Draining } {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: typeof options.logger === 'object' ? options.logger.level : config.logLevel,
            ...LOG_REDACTION,
            ...(options.logStream && { stream: options.logStream }),
          },
    logController: new ApiRequestLogController(),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1_048_576,
    ...edgeOptions(options.limits),
    // Draining answers late arrivals in the envelope (Fastify's own 503 body is not one).
    return503OnClosing: false,
  });
  const draining = installDraining(app);
  capConnections(app, options.limits);
  if (options.phaseTraces) tracePhases(app, options.phaseTraces);
  return { app, draining };
}
