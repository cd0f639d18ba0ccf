import type { WebSocket } from 'ws';

export interface ReadWindowLimits {
  /** Past this many unread bytes the client is behind: market frames wait for it, conflated. */
  behindBytes: number;
  /** Past this many unread bytes the client is cut. */
  maxBytes: number;
}

/**
 * How much of what was sent a client has not read yet, counted end to end.
 *
 * ws's `bufferedAmount` sees only what Node still holds. The kernel's send buffer and the
 * client's receive buffer (megabytes each, autotuned, on a fast link) take everything first,
 * so a client that stopped reading looks healthy until both are full (issue 23: 1 000 such
 * sockets held 1.2 GB of kernel memory for 100 s). So the window counts the bytes handed to
 * the socket, and now and then sends a probe — a protocol ping — behind them. A client can
 * answer a ping only after reading every byte sent before it (browsers and ws answer by
 * themselves), so the pong proves those bytes read; what was sent after the answered probe
 * is the most the client can still owe, wherever it sits.
 */
export function createReadWindow(socket: WebSocket, limits: ReadWindowLimits) {
  let sentBytes = 0;
  /** `sentBytes` when the last answered probe went out: the client has read that far. */
  let readBytes = 0;
  let probes = 0;
  /** The unanswered probe, and how many heartbeats it has seen. */
  let probe: { id: string; markBytes: number; beats: number } | null = null;
  // A probe every quarter of the behind bound: a reading client's answers keep it well inside.
  const probeEveryBytes = limits.behindBytes / 4;

  function sendProbe(): void {
    if (socket.readyState !== socket.OPEN) return;
    probes += 1;
    probe = { id: String(probes), markBytes: sentBytes, beats: 0 };
    socket.ping(probe.id);
  }

  socket.on('pong', (data) => {
    // Only the answer to this probe counts: a client may send pongs unasked (RFC 6455 §5.5.3).
    if (!probe || data.toString() !== probe.id) return;
    readBytes = probe.markBytes;
    probe = null;
    // Still owing that much: the next probe goes now, not with the next frame or heartbeat
    // (no frame comes to a client that is behind).
    if (sentBytes - readBytes >= probeEveryBytes) sendProbe();
  });

  return {
    unreadBytes: () => sentBytes - readBytes,
    isBehind: () => sentBytes - readBytes > limits.behindBytes,
    isOverLimit: () => sentBytes - readBytes > limits.maxBytes,
    /** Counts a frame handed to the socket. */
    sent(bytes: number): void {
      sentBytes += bytes;
      if (!probe && sentBytes - readBytes >= probeEveryBytes) sendProbe();
    },
    /**
     * One heartbeat: probes a socket that has none out, so that a quiet one is checked too.
     * False when a probe has been out two heartbeats (at least one whole interval): the
     * client is not reading.
     */
    beat(): boolean {
      if (!probe) {
        sendProbe();
        return true;
      }
      probe.beats += 1;
      return probe.beats < 2;
    },
  };
}

export type ReadWindow = ReturnType<typeof createReadWindow>;
