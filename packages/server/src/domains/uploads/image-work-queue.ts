import { AppError } from '../../platform/http/app-error.ts';

export interface ImageWorkQueueOptions {
  /** Re-encodes running at once. */
  concurrency?: number;
  /** Re-encodes allowed to wait for a turn; one more is refused with SERVER_BUSY. */
  maxWaiting?: number;
}

/** One picture at a time; about five seconds of waiting at the usual half second a picture. */
export const IMAGE_WORK_DEFAULTS = { concurrency: 1, maxWaiting: 6 } as const;

/**
 * Every decode and re-encode of an uploaded picture (traders' uploads and news covers) takes a
 * turn here. sharp runs each pipeline on a thread of libuv's pool — four threads unless
 * UV_THREADPOOL_SIZE says otherwise — and scrypt, which checks every password, needs the
 * same threads: four large pictures at once left a trader's login waiting a minute. One
 * re-encode at a time (libvips itself on one thread: `sharp.concurrency(1)`) leaves the
 * other threads to logins and to the file system. A short line waits; beyond it a request is
 * refused at once, having changed nothing, instead of queuing without end. Each node has its
 * own line: the bound is per process, which is what the thread pool is.
 */
export function createImageWorkQueue(options: ImageWorkQueueOptions = {}) {
  const concurrency = options.concurrency ?? IMAGE_WORK_DEFAULTS.concurrency;
  const maxWaiting = options.maxWaiting ?? IMAGE_WORK_DEFAULTS.maxWaiting;
  const waiting: (() => void)[] = [];
  let active = 0;
  let started = 0;

  return {
    /** Runs `work` in its turn, or refuses with SERVER_BUSY when the line is full. */
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (active < concurrency) active += 1;
      else if (waiting.length < maxWaiting) await new Promise<void>((go) => waiting.push(go));
      else throw new AppError('SERVER_BUSY');
      started += 1;
      try {
        return await work();
      } finally {
        // The finished turn passes straight to the next in line, so `active` stays exact.
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
    /** Work started since start, running and waiting (tests and metrics read it). */
    load: () => ({ started, active, waiting: waiting.length }),
  };
}

export type ImageWorkQueue = ReturnType<typeof createImageWorkQueue>;
