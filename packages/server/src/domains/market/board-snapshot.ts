import { TOPICS } from '@tradedesk/contract';

/** What the snapshot is made of: the market's whole board, and a number that moves with it. */
export interface BoardSource<Quote> {
  currentQuotes(): Quote[];
  /** Changes whenever `currentQuotes()` would answer differently. */
  quotesVersion(): number;
}

export interface SnapshotFrame {
  frame: string;
  bytes: number;
}

/**
 * DAY_MARKET's first frame (the whole board), serialized once per change of the board and
 * shared by every subscription until the next one: building it walks every instrument and
 * serializes kilobytes, which a client asking over and over made the server do per request.
 */
export function createBoardSnapshot<Quote>(source: BoardSource<Quote>) {
  let cached: (SnapshotFrame & { version: number }) | undefined;
  let serializations = 0;
  return {
    /** The frame of the board as it is now. */
    current(): SnapshotFrame {
      const version = source.quotesVersion();
      if (cached?.version !== version) {
        const frame = JSON.stringify({ topic: TOPICS.dayMarket, data: source.currentQuotes() });
        serializations += 1;
        cached = { version, frame, bytes: Buffer.byteLength(frame) };
      }
      return cached;
    },
    /** How many times the board was serialized (its changes that someone asked for). */
    serializations: (): number => serializations,
  };
}

export type BoardSnapshot<Quote> = ReturnType<typeof createBoardSnapshot<Quote>>;
