import {
  CONNECT_TIMEOUT_MS,
  HEARTBEAT_MS,
  MAX_MISSED_HEARTBEATS,
  type Push,
  WS_PATH,
} from '@tradedesk/contract';

type Handler = (data: unknown) => void;

/**
 * Where the socket stands, for the connection banner: `connecting` until the first
 * connection opens, `open` while it is up, `reconnecting` once it has been lost (closed,
 * unanswered pings, a connect timeout, or the device went offline) until a new one opens.
 */
export type SocketState = 'idle' | 'connecting' | 'open' | 'reconnecting';

/** The socket's states by name: `SOCKET_STATES.open`, never a bare 'open'. */
export const SOCKET_STATES = {
  idle: 'idle',
  connecting: 'connecting',
  open: 'open',
  reconnecting: 'reconnecting',
} as const satisfies { [S in SocketState]: S };

export interface SocketStatus {
  readonly state: SocketState;
  /**
   * When the last pushed data arrived (ms since epoch), as of the last change of state: the
   * age of what stays on screen while the socket is down (no push comes in meanwhile).
   */
  readonly lastPushAt: number | null;
}

/**
 * The app's one socket (SPEC.md §4, §9): started on navigation, a ping every 5 s, a new
 * connection after more than 2 unanswered pings or a 5 s connect timeout, topics
 * re-subscribed and the session re-sent after every reconnect.
 */
export function createSocketClient(url: () => string) {
  const handlers = new Map<string, Set<Handler>>();
  const reconnectListeners = new Set<() => void>();
  let socket: WebSocket | undefined;
  let token: string | null = null;
  let missed = 0;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  let everConnected = false;
  let lastPushAt: number | null = null;
  let status: SocketStatus = { state: SOCKET_STATES.idle, lastPushAt };
  const statusListeners = new Set<() => void>();
  let watchingNetwork = false;

  // Only a change of state is told: ten quotes a second must not re-render the banner.
  function setState(state: SocketState): void {
    if (state === status.state) return;
    status = { state, lastPushAt };
    for (const listener of statusListeners) listener();
  }

  function send(message: object): void {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function teardown(): void {
    clearInterval(heartbeat);
    clearTimeout(connectTimer);
    if (socket) {
      socket.onopen = socket.onclose = socket.onmessage = socket.onerror = null;
      socket.close();
      socket = undefined;
    }
  }

  function scheduleReconnect(): void {
    teardown();
    clearTimeout(retryTimer);
    // Back off a little on repeated failures, never beyond 10 s.
    const delay = Math.min(10_000, 500 * 2 ** Math.min(attempts, 5));
    attempts += 1;
    retryTimer = setTimeout(connect, delay);
    setState(everConnected ? SOCKET_STATES.reconnecting : SOCKET_STATES.connecting);
  }

  /**
   * The browser knows before the pings do: going offline ends the socket at once (it would
   * otherwise look alive for up to three heartbeats), coming back connects at once instead
   * of waiting out the back-off.
   */
  function watchNetwork(): void {
    if (watchingNetwork || typeof window === 'undefined') return;
    watchingNetwork = true;
    window.addEventListener('offline', () => {
      if (status.state === SOCKET_STATES.open) scheduleReconnect();
    });
    window.addEventListener('online', () => {
      if (status.state !== SOCKET_STATES.open) {
        attempts = 0;
        connect();
      }
    });
  }

  function connect(): void {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    teardown();
    const ws = new WebSocket(url());
    socket = ws;
    connectTimer = setTimeout(scheduleReconnect, CONNECT_TIMEOUT_MS);
    if (status.state === SOCKET_STATES.idle) setState(SOCKET_STATES.connecting);
    ws.onopen = () => {
      clearTimeout(connectTimer);
      setState(SOCKET_STATES.open);
      attempts = 0;
      missed = 0;
      if (token) send({ type: 'login', token });
      for (const topic of handlers.keys()) send({ type: 'sub', topic });
      heartbeat = setInterval(() => {
        if (missed > MAX_MISSED_HEARTBEATS) return scheduleReconnect();
        missed += 1;
        send({ type: 'ping' });
      }, HEARTBEAT_MS);
      if (everConnected) for (const listener of reconnectListeners) listener();
      everConnected = true;
    };
    ws.onmessage = (event) => {
      missed = 0;
      let frame: Partial<Push<unknown>> & { type?: string };
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (!frame.topic) return;
      lastPushAt = Date.now();
      for (const handler of handlers.get(frame.topic) ?? []) handler(frame.data);
    };
    ws.onclose = scheduleReconnect;
  }

  return {
    /** Connects if not connected (called on every navigation). */
    start(): void {
      watchNetwork();
      if (!socket && !retryTimer) connect();
      else if (socket && socket.readyState === WebSocket.CLOSED) connect();
    },
    subscribe(topic: string, handler: Handler): () => void {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
        send({ type: 'sub', topic });
      }
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(topic);
          send({ type: 'unsub', topic });
        }
      };
    },
    /** Called after a reconnect: snapshots may have missed updates meanwhile. */
    onReconnect(listener: () => void): () => void {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    /** The current state; a new object on every change (fit for useSyncExternalStore). */
    getStatus(): SocketStatus {
      return status;
    },
    onStatusChange(listener: () => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    login(sessionToken: string): void {
      token = sessionToken;
      send({ type: 'login', token });
    },
    logout(): void {
      token = null;
      send({ type: 'logout' });
    },
  };
}

/** The app's socket, on the page's own host. */
export const socketClient = createSocketClient(() => {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${WS_PATH}`;
});
