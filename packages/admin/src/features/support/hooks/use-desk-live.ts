import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getToken } from '../../../lib/session.ts';
import { supportKeys } from '../api/use-support.ts';
import { openDeskSocket } from '../lib/desk-socket.ts';

/**
 * Keeps the inbox and the open conversation live: each announcement on the desk socket
 * reloads the inbox and that trader's conversation; a reconnect reloads everything.
 */
export function useDeskLive(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      openDeskSocket({
        token: getToken,
        onAnnouncement: (announcement) => {
          void queryClient.invalidateQueries({ queryKey: [...supportKeys.all, 'inbox'] });
          void queryClient.invalidateQueries({
            queryKey: supportKeys.thread(announcement.user_id),
          });
        },
        onReconnect: () => void queryClient.invalidateQueries({ queryKey: supportKeys.all }),
      }),
    [queryClient],
  );
}
