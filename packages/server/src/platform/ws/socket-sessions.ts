import type { Client } from './socket-client.ts';
import type { RevokedSession, SocketSession, TopicOwner } from './topic-owner.ts';

/**
 * Who each socket is logged in as: a login resolves its token (again, if a revocation raced
 * it), the topic owners follow the user while a socket of theirs lives, and a revoked or
 * expired session ends on every socket that holds it.
 */
export function createSocketSessions(deps: {
  topics: readonly TopicOwner[];
  resolveSession: (token: string | null) => Promise<SocketSession | null>;
  /** Tells the client its session ended (a login_result 999). */
  tellEnded: (client: Client) => void;
}) {
  const { topics } = deps;
  /** Bumped by every revocation, so that a login whose check raced one checks again. */
  let revocations = 0;

  async function track(userId: number): Promise<void> {
    for (const owner of topics) await owner.track?.(userId);
  }

  function untrack(userId: number): void {
    for (const owner of topics) owner.untrack?.(userId);
  }

  async function setSession(client: Client, session: SocketSession | null): Promise<void> {
    const previous = client.session;
    client.session = session;
    client.lastPrivate.clear();
    if (session) await track(session.userId);
    if (previous) untrack(previous.userId);
  }

  /** The socket's session ended (logout, password change, reset, expiry): nothing private after. */
  function endSession(client: Client): void {
    if (!client.session) return;
    void setSession(client, null);
    deps.tellEnded(client);
  }

  return {
    async resolveLogin(token: string): Promise<SocketSession | null> {
      for (;;) {
        const seen = revocations;
        const session = await deps.resolveSession(token);
        if (seen === revocations || !session) return session;
      }
    },
    setSession,
    endSession,
    untrack,
    onRevoked(revoked: RevokedSession, clients: Iterable<Client>): void {
      revocations += 1;
      for (const client of clients) {
        const session = client.session;
        if (session?.userId !== revoked.userId) continue;
        if (revoked.tokenHash === null || revoked.tokenHash === session.tokenHash)
          endSession(client);
      }
    },
  };
}
