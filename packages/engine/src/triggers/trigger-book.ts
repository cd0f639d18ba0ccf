import type { PricePoints } from '../instruments/spec.ts';
import { Heap } from './heap.ts';

/** Which quote a trigger watches: buys close (TP/SL) on the bid, fill on the ask; sells the reverse. */
export type QuoteSide = 'bid' | 'ask';
/** Fires when the watched price is at or above the level, or at or below it. */
export type Direction = 'at-or-above' | 'at-or-below';

export interface Trigger {
  /** Unique, e.g. "12:tp", "12:sl", "34:fill". */
  key: string;
  side: QuoteSide;
  direction: Direction;
  level: PricePoints;
}

interface Entry {
  trigger: Trigger;
  /** Bumped on every change, so stale heap entries are recognised and skipped (lazy deletion). */
  version: number;
}

interface HeapItem {
  key: string;
  level: PricePoints;
  version: number;
}

/**
 * The triggers of one instrument: pending fills, take profits and stop losses. Four heaps
 * (bid/ask × above/below) each hold their nearest level at the root, so a tick costs time in
 * proportion to what it fires, not to how many positions are open. Removal is lazy.
 */
export function createTriggerBook() {
  const entries = new Map<string, Entry>();
  let version = 0;
  // "at or above": the lowest level fires first; "at or below": the highest.
  const lowestFirst = (a: HeapItem, b: HeapItem) =>
    a.level < b.level || (a.level === b.level && a.key < b.key);
  const highestFirst = (a: HeapItem, b: HeapItem) =>
    a.level > b.level || (a.level === b.level && a.key < b.key);
  const heaps: Record<QuoteSide, Record<Direction, Heap<HeapItem>>> = {
    bid: { 'at-or-above': new Heap(lowestFirst), 'at-or-below': new Heap(highestFirst) },
    ask: { 'at-or-above': new Heap(lowestFirst), 'at-or-below': new Heap(highestFirst) },
  };

  /**
   * Removal and replacement leave stale items in the heaps; a book whose triggers are moved
   * again and again (stop-out boxes are, on every commit of their account) would grow without
   * bound. When stale items outnumber live ones, the heaps are rebuilt from the live entries:
   * O(n) once per n changes, so constant per change.
   */
  function compactIfStale(): void {
    let items = 0;
    for (const side of Object.values(heaps))
      for (const heap of Object.values(side)) items += heap.size;
    if (items <= 2 * entries.size + 64) return;
    for (const side of Object.values(heaps))
      for (const direction of Object.keys(side) as Direction[])
        side[direction] = new Heap(direction === 'at-or-above' ? lowestFirst : highestFirst);
    for (const [key, entry] of entries)
      heaps[entry.trigger.side][entry.trigger.direction].push({
        key,
        level: entry.trigger.level,
        version: entry.version,
      });
  }

  function isLive(item: HeapItem): boolean {
    return entries.get(item.key)?.version === item.version;
  }

  function drain(
    heap: Heap<HeapItem>,
    reached: (level: PricePoints) => boolean,
    fired: Trigger[],
  ): void {
    for (let top = heap.peek(); top; top = heap.peek()) {
      if (!isLive(top)) {
        heap.pop();
        continue;
      }
      if (!reached(top.level)) return;
      heap.pop();
      const entry = entries.get(top.key)!;
      entries.delete(top.key);
      fired.push(entry.trigger);
    }
  }

  return {
    /** Adds a trigger, or replaces the one with the same key. */
    set(trigger: Trigger): void {
      compactIfStale();
      version += 1;
      entries.set(trigger.key, { trigger, version });
      heaps[trigger.side][trigger.direction].push({
        key: trigger.key,
        level: trigger.level,
        version,
      });
    },

    remove(key: string): boolean {
      return entries.delete(key);
    },

    has(key: string): boolean {
      return entries.has(key);
    },

    get size(): number {
      return entries.size;
    },

    /** Removes and returns every trigger the quote reaches, nearest levels first per heap. */
    fire(bid: PricePoints, ask: PricePoints): Trigger[] {
      const fired: Trigger[] = [];
      drain(heaps.bid['at-or-above'], (level) => bid >= level, fired);
      drain(heaps.bid['at-or-below'], (level) => bid <= level, fired);
      drain(heaps.ask['at-or-above'], (level) => ask >= level, fired);
      drain(heaps.ask['at-or-below'], (level) => ask <= level, fired);
      return fired;
    },
  };
}

export type TriggerBook = ReturnType<typeof createTriggerBook>;
