import { ADMIN_WS_PATH, SUPPORT_DESK_TOPIC } from '@tradedesk/contract/admin/routes';

/** What the desk socket announces: a new message in a trader's conversation. */
export interface DeskAnnouncement {
  user_id: number;
  id: number;
  sender: 'trader' | 'operator';
}

/** Reads a frame of the desk socket: an announcement, or null for anything else. */
export function announcementOf(text: string): DeskAnnouncement | null {
  let frame: { topic?: unknown; data?: Partial<DeskAnnouncement> };
  try {
    frame = JSON.parse(text);
  } catch {
    return null;
  }
  const data = frame?.data;
  if (frame?.topic !== SUPPORT_DESK_TOPIC || !data) return null;
  if (typeof data.user_id !== 'number' || typeof data.id !== 'number') return null;
  return {
    user_id: data.user_id,
    id: data.id,
    sender: data.sender === 'operator' ? 'operator' : 'trader',
  };
}

/** The wait before reconnect attempt `n` (from 0): doubling from 1 s, never beyond 15 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(15_000, 1_000 * 2 ** Math.min(attempt, 4));
}

const PING_MS = 25_000;

/**
 * The desk's socket at /admin/ws: logs in with the operator's token and calls `onAnnouncement`
 * for each new chat message; reconnects after a drop (calling `onReconnect`, since messages
 * may have come meanwhile). Returns a function that closes it for good.
 */
export function openDeskSocket(options: {
  token: () => string | null;
  onAnnouncement: (announcement: DeskAnnouncement) => void;
  onReconnect: () => void;
}): () => void {
  let socket: WebSocket | undefined;
  let closed = false;
  let attempts = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  function connect(): void {
    const token = options.token();
    if (closed || !token) return;
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${protocol}//${window.location.host}${ADMIN_WS_PATH}`);
    socket = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'login', token }));
      if (attempts > 0) options.onReconnect();
      attempts = 0;
      ping = setInterval(() => ws.send(JSON.stringify({ type: 'ping' })), PING_MS);
    };
    ws.onmessage = (event) => {
      const announcement = announcementOf(String(event.data));
      if (announcement) options.onAnnouncement(announcement);
    };
    ws.onclose = () => {
      clearInterval(ping);
      if (closed) return;
      retry = setTimeout(connect, reconnectDelay(attempts));
      attempts += 1;
    };
  }

  connect();
  return () => {
    closed = true;
    clearTimeout(retry);
    clearInterval(ping);
    socket?.close();
  };
}
