import type { ItemKey } from './held-frames.ts';

/** A frame serialized once, sent to many. */
export interface Frame {
  frame: string;
  bytes: number;
}

/** How topic owners reach the sockets: the gateway's side of a topic. */
export interface TopicOutput {
  /** Market data to a topic's subscribers; a socket that is behind gets it held, conflated. */
  publish<T>(topic: string, items: readonly T[], keyOf: (item: T) => ItemKey): void;
  /** A frame to the sockets subscribed to `topic` and logged in as `userId`. */
  toUser(topic: string, userId: number, frame: string): void;
  /**
   * Each logged-in subscriber of `topic` its own user's frame (built once per user), unless it
   * is the frame that socket last received on the topic.
   */
  toEachUser(topic: string, frameOf: (userId: number) => string | null): void;
}

/**
 * A domain's topics (market data, an account's orders, the support chat): the gateway owns
 * the sockets, their sessions and their pace, and knows no domain; the composition root
 * hands it the owners.
 */
export interface TopicOwner {
  /** Whether a socket may subscribe to `topic`. */
  accepts(topic: string): boolean;
  /** The frame a new subscriber starts with (the whole board), if the topic has one. */
  firstFrame?(topic: string): Frame | null;
  /** Every flush: what changed goes out through `out`. */
  flush?(out: TopicOutput): void;
  /** A socket logged in as `userId` (a private feed follows that account while it lives). */
  track?(userId: number): Promise<void>;
  /** That socket logged out or closed. */
  untrack?(userId: number): void;
  /** Starts listening (to the bus); returns how to stop. */
  start?(out: TopicOutput): () => void;
}

/** Who a socket is logged in as, while its session lives. */
export interface SocketSession {
  userId: number;
  tokenHash: string;
  expiresAt: number;
}

/** A session (or all of a user's, `tokenHash` null) that stopped being valid. */
export interface RevokedSession {
  userId: number;
  tokenHash: string | null;
}
