import type { FastifyInstance } from 'fastify';

/** What a module does around the app's life; each step is optional. */
export interface Lifecycle {
  /** When the app is ready to serve, in the order the modules were added. */
  start?(): Promise<void> | void;
  /**
   * At shutdown, before the HTTP server closes, in reverse order: whatever keeps connections
   * open (upgraded sockets) lets go, since closing the server waits for every connection.
   */
  release?(): Promise<void> | void;
  /** At shutdown, after the HTTP server closed, in reverse order. */
  stop?(): Promise<void> | void;
}

/** What registering a module left: the surface later modules may use, and its lifecycle. */
export interface Registered<Api> extends Lifecycle {
  api: Api;
}

/**
 * A part of the app (a domain, or a piece of the platform): it builds its services, registers
 * its routes and says what it starts and stops. `register` returns the lifecycle rather than
 * the module carrying `start`/`stop` itself, because those need what `register` built; the
 * module stays a plain value that two apps in one process (tests of two nodes) can share.
 */
export interface AppModule<Deps, Api = void> {
  readonly name: string;
  register(app: FastifyInstance, deps: Deps): Promise<Registered<Api>> | Registered<Api>;
}

/** A module that only builds and registers: nothing to start or stop. */
export const registered = <Api>(api: Api): Registered<Api> => ({ api });
