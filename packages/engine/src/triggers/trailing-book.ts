import { asPricePoints, type PricePoints } from '../instruments/spec.ts';
import type { Quote } from '../orders/position.ts';
import type { TrailingStop } from '../orders/trailing-stop.ts';
import type { Side } from '../pnl/pnl.ts';
import { type Heap, meld, mergePairs, type Node, popMin, push, remove } from './pairing-heap.ts';

/** A position whose stop loss trails the price (issue 40), as the trailing book holds it. */
export interface TrailingPosition {
  /** Unique, e.g. "12:sl". */
  key: string;
  side: Side;
  trailing: TrailingStop;
  /** Its current stop loss, 0n for none yet. */
  stopLoss: PricePoints;
}

// Each side is worked in its own terms, a "level" x: the Bid for buys, minus the Ask for sells.
// Both then trail a running maximum: a stop that tracks is peak − distance, and fires at x ≤ stop.

/** Below every level a quote can carry (prices are 64-bit): "none", reached by any quote. */
const NO_LEVEL = -(1n << 96n);
const PRICE_LIMIT = 1n << 63n;

/**
 * Tracking positions that share a peak: their heap is keyed by distance, so its root holds the
 * highest stop. Groups merge (union-find, by rank) when the price passes their peak.
 */
interface Group extends Heap<Held> {
  peak: bigint;
  parent: Group;
  rank: number;
  /** Its node in the side's heap of groups, keyed by minus its highest stop. */
  entry: Node<Group>;
  /** Toward lower peaks (the top has the lowest) and toward higher ones. */
  above: Group | null;
  below: Group | null;
  /** Its peak rose since the last takeMoved: every member moved. */
  raised: boolean;
}

interface Held {
  key: string;
  side: Side;
  distance: PricePoints;
  activation: PricePoints;
  active: boolean;
  /** Its stop as a level while it waits (fixed; NO_LEVEL: a sell's none, 0n a buy's). */
  waitStop: bigint;
  /** The group it joined once it tracks (its current one is found from it). */
  group: Group | null;
  act: Node<Held> | null;
  start: Node<Held> | null;
  stop: Node<Held> | null;
  track: Node<Held> | null;
  /** Its state when last reported by takeMoved (or set). */
  shownStop: PricePoints;
  shownActive: boolean;
  marked: boolean;
  gone: boolean;
}

/**
 * One side's positions. Those not yet tracking wait in three heaps: for their activation, for
 * the level from which their stop follows (max(activation, stop + distance)), and for their
 * fixed stop. Tracking ones sit in groups stacked by peak, lowest on top; a heap over the groups
 * gives the highest stop of all.
 */
interface SideBook {
  sign: 1n | -1n;
  activations: Heap<Held>;
  starts: Heap<Held>;
  stops: Heap<Held>;
  groups: Heap<Group>;
  top: Group | null;
  moved: Held[];
  raised: Group[];
}

function find(group: Group): Group {
  let g = group;
  while (g.parent !== g) {
    g.parent = g.parent.parent;
    g = g.parent;
  }
  return g;
}

function newGroup(peak: bigint): Group {
  // `parent` and `entry` refer to the group itself: set just below.
  const group = { root: null, peak, rank: 0, above: null, below: null, raised: false } as Group;
  group.parent = group;
  group.entry = { key: 0n, item: group, child: null, next: null, prev: null };
  return group;
}

function unlink(book: SideBook, group: Group): void {
  if (group.above !== null) group.above.below = group.below;
  else book.top = group.below;
  if (group.below !== null) group.below.above = group.above;
  group.above = group.below = null;
}

/** Takes a group off the stack (it is the top) and merges it into `into`. */
function absorb(book: SideBook, into: Group | null, group: Group): Group {
  unlink(book, group);
  remove(book.groups, group.entry);
  if (into === null) return group;
  const [rep, other] = into.rank >= group.rank ? [into, group] : [group, into];
  if (into.rank === group.rank) rep.rank += 1;
  other.parent = rep;
  rep.root = meld(rep.root, other.root);
  other.root = null;
  return rep;
}

function markMoved(book: SideBook, held: Held): void {
  if (held.marked) return;
  held.marked = true;
  book.moved.push(held);
}

function markRaised(book: SideBook, group: Group): void {
  if (group.raised) return;
  group.raised = true;
  book.raised.push(group);
}

/**
 * The quote's level x moves every group whose peak it passes to x: they become one, O(1)
 * amortized (each tick stacks at most one group). A group already at x is merged too only if
 * its own moves are still to be taken: takeMoved walks a raised group whole, and should not
 * walk members that did not move. Positions that begin to track join at x.
 */
function raise(book: SideBook, x: bigint, joiners: Held[] | null): void {
  let group: Group | null = null;
  while (book.top !== null && book.top.peak < x) group = absorb(book, group, book.top);
  if (group !== null) markRaised(book, group);
  const top = book.top;
  if (top !== null && top.peak === x && (group === null || top.raised))
    group = absorb(book, group, top);
  if (group === null && joiners === null) return;
  group ??= newGroup(x);
  // Joiners are paired among themselves first (O(k) for k of them), so that many joining at
  // once do not leave the group's root with k children to pair on its first pop.
  let chain: Node<Held> | null = null;
  for (const held of joiners ?? []) {
    held.track!.next = chain;
    chain = held.track;
    held.group = group;
    held.active = true;
    markMoved(book, held);
  }
  group.root = meld(group.root, mergePairs(chain));
  group.peak = x;
  group.above = null;
  group.below = book.top;
  if (book.top !== null) book.top.above = group;
  book.top = group;
  group.entry.key = group.root!.key - x;
  book.groups.root = meld(book.groups.root, group.entry);
}

/** Places a position to wait for its activation, its start and its stop; `held` is reused when it replaces one. */
function place(book: SideBook, position: TrailingPosition, held: Held): void {
  const { stopLoss } = position;
  const { distance, activation, active } = position.trailing;
  const { sign } = book;
  held.side = position.side;
  held.distance = distance;
  held.activation = activation;
  held.active = active;
  held.waitStop = stopLoss !== 0n ? sign * stopLoss : sign === 1n ? 0n : NO_LEVEL;
  held.group = null;
  held.shownStop = stopLoss;
  held.shownActive = active;
  held.gone = false;
  const activationLevel = activation === 0n ? NO_LEVEL : sign * activation;
  if (!active) held.act = push(book.activations, activationLevel, held);
  const from = active ? NO_LEVEL : activationLevel;
  const startLevel = held.waitStop + distance;
  held.start = push(book.starts, from > startLevel ? from : startLevel, held);
  if (stopLoss !== 0n) held.stop = push(book.stops, -held.waitStop, held);
}

function blankHeld(key: string): Held {
  return {
    key,
    side: 'buy',
    distance: asPricePoints(0n),
    activation: asPricePoints(0n),
    active: false,
    waitStop: 0n,
    group: null,
    act: null,
    start: null,
    stop: null,
    track: null,
    shownStop: asPricePoints(0n),
    shownActive: false,
    marked: false,
    gone: false,
  };
}

/** Takes a position out of every structure it is in. */
function detach(book: SideBook, held: Held): void {
  if (held.act !== null) remove(book.activations, held.act);
  if (held.start !== null) remove(book.starts, held.start);
  if (held.stop !== null) remove(book.stops, held.stop);
  if (held.group !== null && held.track !== null) {
    const group = find(held.group);
    if (group.root !== held.track) remove(group, held.track);
    else {
      // Its highest stop changes: the group is keyed again, or leaves if it is empty.
      remove(book.groups, group.entry);
      popMin(group);
      if (group.root === null) unlink(book, group);
      else {
        group.entry.key = group.root.key - group.peak;
        book.groups.root = meld(book.groups.root, group.entry);
      }
    }
  }
  held.act = held.start = held.stop = held.track = null;
  held.gone = true;
}

/**
 * A position's stop as it stands. Its sign comes from the position, not from a side book: a
 * position replaced by one of the other side may still be listed as moved by its first side.
 */
function stopOf(held: Held): PricePoints {
  const level =
    held.group !== null && held.track !== null
      ? find(held.group).peak - held.distance
      : held.waitStop;
  return asPricePoints(level === NO_LEVEL ? 0n : held.side === 'buy' ? level : -level);
}

function view(held: Held, stopLoss: PricePoints): TrailingPosition {
  const { key, side, distance, activation, active } = held;
  return { key, side, trailing: { distance, activation, active }, stopLoss };
}

function fire(book: SideBook, held: Held, fired: TrailingPosition[]): void {
  fired.push(view(held, stopOf(held)));
  detach(book, held);
}

/** Applies one level to a side: activations, starts, the groups' peaks, then what fires. */
function tickSide(book: SideBook, x: bigint, fired: TrailingPosition[]): void {
  for (let n = book.activations.root; n !== null && n.key <= x; n = book.activations.root) {
    popMin(book.activations);
    n.item.act = null;
    n.item.active = true;
    markMoved(book, n.item);
  }
  // Most ticks start nothing: they allocate no list.
  let joiners: Held[] | null = null;
  for (let n = book.starts.root; n !== null && n.key <= x; n = book.starts.root) {
    popMin(book.starts);
    const held = n.item;
    held.start = null;
    // Its node now holds its place among the tracking ones, by distance.
    n.key = held.distance;
    held.track = n;
    // Its fixed stop lies below x (x ≥ stop + distance): it cannot fire while it waits.
    if (held.stop !== null) remove(book.stops, held.stop);
    held.stop = null;
    joiners ??= [];
    joiners.push(held);
  }
  raise(book, x, joiners);
  // A stop set by this very quote lies `distance` below it: only older stops fire.
  for (let e = book.groups.root; e !== null; e = book.groups.root) {
    const group = e.item;
    if (x > group.peak - group.root!.key) break;
    fire(book, group.root!.item, fired);
  }
  for (let n = book.stops.root; n !== null && n.key <= -x; n = book.stops.root)
    fire(book, n.item, fired);
}

/** Adds to `out` each position whose state differs from the one last shown, and shows it. */
function collectMoved(book: SideBook, out: TrailingPosition[]): void {
  const report = (held: Held) => {
    const stopLoss = stopOf(held);
    if (stopLoss === held.shownStop && held.active === held.shownActive) return;
    held.shownStop = stopLoss;
    held.shownActive = held.active;
    out.push(view(held, stopLoss));
  };
  for (const held of book.moved) {
    held.marked = false;
    if (!held.gone) report(held);
  }
  for (const group of book.raised) {
    // A group merged into another since is walked as part of it (which was raised too).
    if (group.raised && group.parent === group) {
      const stack = group.root === null ? [] : [group.root];
      for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
        report(node.item);
        if (node.child !== null) stack.push(node.child);
        if (node.next !== null) stack.push(node.next);
      }
    }
    group.raised = false;
  }
  book.moved = [];
  book.raised = [];
}

function createSideBook(sign: 1n | -1n): SideBook {
  const heap = <T>(): Heap<T> => ({ root: null });
  return {
    sign,
    activations: heap(),
    starts: heap(),
    stops: heap(),
    groups: heap(),
    top: null,
    moved: [],
    raised: [],
  };
}

function assertPosition(position: TrailingPosition): void {
  const { distance, activation } = position.trailing;
  if (
    distance <= 0n ||
    activation < 0n ||
    position.stopLoss < 0n ||
    distance >= PRICE_LIMIT ||
    activation >= PRICE_LIMIT ||
    position.stopLoss >= PRICE_LIMIT
  )
    throw new RangeError(`trailing position ${position.key} has a price out of range`);
}

/**
 * The trailing stops of one instrument. After each quote it holds exactly what applying
 * `trail` to every position and then firing the stops the quote reaches would give, but a
 * tick costs O((groups merged + positions activated, joining or fired) · log n) amortized,
 * whatever n: a tracking stop is not stored but is its group's peak − its distance.
 * `set` and `remove` cost O(log n) amortized, `current` about O(1).
 */
export function createTrailingBook() {
  const held = new Map<string, Held>();
  const books: Record<Side, SideBook> = {
    buy: createSideBook(1n),
    sell: createSideBook(-1n),
  };

  return {
    /** Adds a position or replaces the one with its key; its state now is what takeMoved compares with. */
    set(position: TrailingPosition): void {
      assertPosition(position);
      // A replaced position keeps its record (and its place in the lists of moves: see stopOf).
      let entry = held.get(position.key);
      if (entry !== undefined) detach(books[entry.side], entry);
      else {
        entry = blankHeld(position.key);
        held.set(position.key, entry);
      }
      place(books[position.side], position, entry);
    },

    /** Takes a position out, if held. */
    remove(key: string): void {
      const entry = held.get(key);
      if (entry === undefined) return;
      detach(books[entry.side], entry);
      held.delete(key);
    },

    /**
     * Applies a quote: every stop trails it, then those it reaches fire. Returns the fired
     * positions (now out of the book) with the stop they fired at and their trailing state.
     */
    tick(quote: Quote): TrailingPosition[] {
      if (
        quote.bid <= 0n ||
        quote.ask <= 0n ||
        quote.bid >= PRICE_LIMIT ||
        quote.ask >= PRICE_LIMIT
      )
        throw new RangeError('a quote must carry positive 64-bit prices');
      const fired: TrailingPosition[] = [];
      tickSide(books.buy, quote.bid, fired);
      tickSide(books.sell, -quote.ask, fired);
      for (const { key } of fired) held.delete(key);
      return fired;
    },

    /** A held position as it stands after every quote so far. */
    current(key: string): TrailingPosition | undefined {
      const entry = held.get(key);
      return entry === undefined ? undefined : view(entry, stopOf(entry));
    },

    /**
     * The positions whose stop or active flag differs from when the last call (or their `set`)
     * saw them, each once, as they stand; not those fired or removed. It costs in proportion to
     * what moved (and joined): a group whose peak rose is walked whole, as all of it moved.
     * Until it is called it keeps the groups raised since, so call it regularly.
     */
    takeMoved(): TrailingPosition[] {
      const out: TrailingPosition[] = [];
      collectMoved(books.buy, out);
      collectMoved(books.sell, out);
      return out;
    },

    get size(): number {
      return held.size;
    },
  };
}

/** The trailing stops of one instrument: see {@link createTrailingBook}. */
export type TrailingBook = ReturnType<typeof createTrailingBook>;
