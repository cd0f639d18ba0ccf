import WebSocket from 'ws';

/** A socket client for tests that records every frame it receives. */
export async function connectSocket(url: string) {
  const socket = new WebSocket(url);
  // biome-ignore lint/suspicious/noExplicitAny: frames are whatever JSON the gateway sends
  const frames: any[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const waiters: { test: (f: any) => boolean; resolve: (f: any) => void }[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.test(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    frames,
    closed,
    send: (message: unknown) =>
      socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    /** The first frame (already received or coming) that passes `test`, within `withinMs`. */
    // biome-ignore lint/suspicious/noExplicitAny: as above
    next: (test: (f: any) => boolean, withinMs = 3000) =>
      // biome-ignore lint/suspicious/noExplicitAny: as above
      new Promise<any>((resolve, reject) => {
        const found = frames.find(test);
        if (found) return resolve(found);
        waiters.push({ test, resolve });
        setTimeout(() => reject(new Error(`no such frame within ${withinMs} ms`)), withinMs);
      }),
  };
}

export type SocketClient = Awaited<ReturnType<typeof connectSocket>>;
