/**
 * How committed facts travel between the parts of the platform (ARCHITECTURE.md "event bus"):
 * the account command core publishes each commit, sessions publish revocations, and memory —
 * the trading host's positions and trigger books, the socket gateway's views — subscribes.
 * The embedded deployment runs the in-process bus below; scale-out puts Redis behind the
 * same interface, which is why messages are plain JSON-able data (see `encodeMessage`).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one topic per domain.
export interface BusTopics {}

export type Topic = keyof BusTopics;

export interface Bus {
  /**
   * Publishes after the fact (never inside an open transaction). Resolves once this process's
   * subscribers have taken the message, so a command's caller sees memory already updated.
   */
  publish<T extends Topic>(topic: T, message: BusTopics[T]): Promise<void>;
  subscribe<T extends Topic>(
    topic: T,
    handler: (message: BusTopics[T]) => void | Promise<void>,
  ): () => void;
}

/**
 * The in-process bus: subscribers run in subscription order; one that fails is reported and
 * does not keep the message from the others (a publisher has already committed).
 */
export function createMemoryBus(onError: (error: unknown) => void): Bus {
  const handlers = new Map<string, Set<(message: never) => void | Promise<void>>>();
  return {
    async publish(topic, message) {
      for (const handler of handlers.get(topic) ?? []) {
        try {
          await handler(message as never);
        } catch (error) {
          onError(error);
        }
      }
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
      }
      set.add(handler as (message: never) => void | Promise<void>);
      return () => set.delete(handler as (message: never) => void | Promise<void>);
    },
  };
}

const BIGINT_TAG = '$bigint';

/**
 * Messages as text for the outbox (and a networked bus): bigints — money, prices, lots —
 * travel exactly, tagged, instead of failing JSON.stringify or losing digits as numbers.
 */
export function encodeMessage(message: unknown): string {
  return JSON.stringify(message, (_key, value) =>
    typeof value === 'bigint' ? { [BIGINT_TAG]: value.toString() } : value,
  );
}

export function decodeMessage<T>(text: string): T {
  return JSON.parse(text, (_key, value) =>
    value !== null &&
    typeof value === 'object' &&
    typeof (value as Record<string, unknown>)[BIGINT_TAG] === 'string' &&
    Object.keys(value).length === 1
      ? BigInt((value as Record<string, string>)[BIGINT_TAG]!)
      : value,
  ) as T;
}
