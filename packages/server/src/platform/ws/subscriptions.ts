import type { Client } from './socket-client.ts';
import type { TopicOwner } from './topic-owner.ts';

const MAX_TOPICS_PER_CLIENT = 64;

/** Which sockets follow which topic; a topic exists when one of the domains' owners accepts it. */
export function createSubscriptions(topics: readonly TopicOwner[]) {
  const subscribers = new Map<string, Set<Client>>();

  function ownerOf(topic: string): TopicOwner | undefined {
    return topics.find((owner) => owner.accepts(topic));
  }

  return {
    ownerOf,
    /** The sockets subscribed to `topic` (none: undefined or empty). */
    audience: (topic: string): ReadonlySet<Client> | undefined => subscribers.get(topic),
    /** False for a topic nobody owns, or past the client's number of topics. */
    subscribe(client: Client, topic: string): boolean {
      if (!ownerOf(topic) || client.topics.size >= MAX_TOPICS_PER_CLIENT) return false;
      client.topics.add(topic);
      let audience = subscribers.get(topic);
      if (!audience) {
        audience = new Set();
        subscribers.set(topic, audience);
      }
      audience.add(client);
      return true;
    },
    unsubscribe(client: Client, topic: string): void {
      client.topics.delete(topic);
      subscribers.get(topic)?.delete(client);
      client.held.drop(topic);
    },
    /** A closed socket leaves every topic it followed. */
    leaveAll(client: Client): void {
      for (const topic of client.topics) subscribers.get(topic)?.delete(client);
    },
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
