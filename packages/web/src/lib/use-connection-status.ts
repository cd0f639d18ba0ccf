import { useEffect, useState, useSyncExternalStore } from 'react';
import { SOCKET_STATES, type SocketStatus, socketClient } from './ws-client.ts';

/** The socket client, or anything that tells its state the same way. */
export type StatusSource = Pick<typeof socketClient, 'getStatus' | 'onStatusChange'>;

/**
 * What the connection banner says: `offline` (the device has no network), `reconnecting`
 * (the socket was lost and a new one is not up yet), `back` (it is up again, shown for a
 * moment) or null (all live). `since` is when the data on screen last moved.
 */
export interface ConnectionStatus {
  readonly phase: 'offline' | 'reconnecting' | 'back' | null;
  readonly since: number | null;
}

/** How long "Back online" stays before the banner goes. */
export const BACK_SHOWN_MS = 2_500;

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useConnectionStatus(source: StatusSource = socketClient): ConnectionStatus {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const socket: SocketStatus = useSyncExternalStore(source.onStatusChange, source.getStatus);
  const lost = !online || socket.state === SOCKET_STATES.reconnecting;
  const [wasLost, setWasLost] = useState(false);

  useEffect(() => {
    if (lost) {
      setWasLost(true);
      return;
    }
    if (socket.state !== SOCKET_STATES.open) return;
    const timer = setTimeout(() => setWasLost(false), BACK_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [lost, socket]);

  if (!online) return { phase: 'offline', since: socket.lastPushAt };
  if (socket.state === SOCKET_STATES.reconnecting)
    return { phase: 'reconnecting', since: socket.lastPushAt };
  if (wasLost && socket.state === SOCKET_STATES.open) return { phase: 'back', since: null };
  return { phase: null, since: null };
}
