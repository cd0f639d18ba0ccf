import type { Redis } from 'ioredis';
import { type Bus, type BusTopics, decodeMessage, encodeMessage, type Topic } from '../bus/bus.ts';

type Handler = (message: never) => void | Promise<void>;

interface Envelope {
  /** The node that published: it has delivered to its own subscribers already. */
  from: string;
  /** Epoch ms at publication (bus lag). */
  at: number;
  message: unknown;
}

/**
 * The bus of a scale-out deployment (issue 28): Redis pub/sub between nodes. A message is
 * delivered to this node's subscribers first (as the in-process bus does: the publisher's
 * caller sees its own memory updated), then sent to every other node, where its subscribers
 * take messages one at a time in the order they came.
 *
 * Pub/sub is at most once: a node that was cut off from Redis misses what was said meanwhile.
 * It never guesses: what matters lives in the database (the outbox's commits are versioned,
 * and memory rebuilds an account on a gap), and after a reconnection `onReconnected` tells
 * memory to catch up from the database.
 */
export function createRedisBus(deps: {
  /** Sends: a connection of its own that fails fast while Redis is away (no offline queue). */
  publisher: Redis;
  /** Receives: a connection in subscriber mode (ioredis resubscribes after a reconnection). */
  subscriber: Redis;
  prefix: string;
  nodeId: string;
  onError: (error: unknown) => void;
  /** Milliseconds between publication and delivery here (metrics). */
  onLag?: (ms: number) => void;
}) {
  const { publisher, subscriber, nodeId } = deps;
  const handlers = new Map<string, Set<Handler>>();
  const reconnected = new Set<() => void>();
  const channelOf = (topic: string) => `${deps.prefix}bus:${topic}`;
  const topicOf = (channel: string) => channel.slice(`${deps.prefix}bus:`.length);
  /** Remote messages reach subscribers one at a time, in arrival order. */
  let delivering: Promise<void> = Promise.resolve();

  async function deliver(topic: string, message: unknown): Promise<void> {
    for (const handler of handlers.get(topic) ?? []) {
      try {
        await handler(message as never);
      } catch (error) {
        deps.onError(error);
      }
    }
  }

  subscriber.on('message', (channel: string, text: string) => {
    let envelope: Envelope;
    try {
      envelope = decodeMessage<Envelope>(text);
    } catch (error) {
      deps.onError(error);
      return;
    }
    if (envelope.from === nodeId) return;
    deps.onLag?.(Date.now() - envelope.at);
    delivering = delivering.then(() => deliver(topicOf(channel), envelope.message));
  });

  let wasConnected = false;
  subscriber.on('ready', () => {
    if (wasConnected) for (const listener of reconnected) listener();
    wasConnected = true;
  });

  const bus: Bus = {
    async publish<T extends Topic>(topic: T, message: BusTopics[T]): Promise<void> {
      await deliver(topic, message);
      const envelope: Envelope = { from: nodeId, at: Date.now(), message };
      // Not awaited: one connection keeps the order, and a command's caller does not wait for
      // other nodes. While Redis is away this fails at once and they catch up on reconnection.
      publisher.publish(channelOf(topic), encodeMessage(envelope)).catch(deps.onError);
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
        subscriber.subscribe(channelOf(topic)).catch(deps.onError);
      }
      set.add(handler as Handler);
      return () => set.delete(handler as Handler);
    },
  };

  return {
    bus,
    /** Called after Redis came back: what was said meanwhile is lost, the database is not. */
    onReconnected(listener: () => void): () => void {
      reconnected.add(listener);
      return () => reconnected.delete(listener);
    },
    /** Resolves when every message received so far has been delivered here. */
    settled: () => delivering,
    close(): void {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

export type RedisBus = ReturnType<typeof createRedisBus>;
