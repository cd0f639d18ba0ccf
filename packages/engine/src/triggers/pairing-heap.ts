// A pairing heap (Fredman et al.) with removal of any node: what the trailing book keeps its
// waiting positions and its groups in. Melding two heaps is O(1), so groups merge cheaply.

/** A node of a pairing heap (min first): `prev` is its parent if it is the first child, else its left sibling. */
export interface Node<T> {
  key: bigint;
  item: T;
  child: Node<T> | null;
  next: Node<T> | null;
  prev: Node<T> | null;
}

/** A pairing heap: its root is the least key. */
export interface Heap<T> {
  root: Node<T> | null;
}

function link<T>(a: Node<T>, b: Node<T>): Node<T> {
  const parent = b.key < a.key ? b : a;
  const child = parent === a ? b : a;
  child.prev = parent;
  child.next = parent.child;
  if (parent.child !== null) parent.child.prev = child;
  parent.child = child;
  return parent;
}

export function meld<T>(a: Node<T> | null, b: Node<T> | null): Node<T> | null {
  return a === null ? b : b === null ? a : link(a, b);
}

/** The two-pass pairing of a list of siblings into one detached tree, in place. */
export function mergePairs<T>(first: Node<T> | null): Node<T> | null {
  // First pass: pairs left to right, stacked through `next` (so the last pair is on top).
  let pairs: Node<T> | null = null;
  for (let a = first; a !== null; ) {
    const b = a.next;
    const rest = b === null ? null : b.next;
    a.prev = a.next = null;
    if (b !== null) b.prev = b.next = null;
    const pair = b === null ? a : link(a, b);
    pair.next = pairs;
    pairs = pair;
    a = rest;
  }
  // Second pass: right to left, each pair melded into the result.
  let root: Node<T> | null = null;
  while (pairs !== null) {
    const pair: Node<T> = pairs;
    pairs = pair.next;
    pair.next = null;
    root = meld(pair, root);
  }
  return root;
}

export function push<T>(heap: Heap<T>, key: bigint, item: T): Node<T> {
  const node: Node<T> = { key, item, child: null, next: null, prev: null };
  heap.root = meld(heap.root, node);
  return node;
}

export function popMin<T>(heap: Heap<T>): void {
  const top = heap.root!;
  heap.root = mergePairs(top.child);
  top.child = null;
}

/**
 * Takes any node out, O(log n) amortized. A node other than the root is replaced in place by
 * its own children paired into one tree: their keys are no less than its own, so no less than
 * its parent's, and the root need not be known (a group's is found through its union-find).
 */
export function remove<T>(heap: Heap<T>, node: Node<T>): void {
  if (heap.root === node) {
    popMin(heap);
    return;
  }
  const sub = mergePairs(node.child);
  const prev = node.prev!;
  const next = node.next;
  let after = next;
  if (sub !== null) {
    sub.next = next;
    if (next !== null) next.prev = sub;
    after = sub;
  }
  if (after !== null) after.prev = prev;
  if (prev.child === node) prev.child = after;
  else prev.next = after;
  node.prev = node.next = node.child = null;
}
