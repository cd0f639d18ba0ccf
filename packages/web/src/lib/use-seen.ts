import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come within `margin` of the screen at least once. One observer
 * serves every element (a list of quote rows asks for dozens), and an element stops being
 * watched once seen: what it loads stays loaded.
 */
export function useSeen(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    // Without IntersectionObserver (old browsers, some test DOMs) everything counts as seen.
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    return watch(element, margin, () => setSeen(true));
  }, [ref, margin, seen]);
  return seen;
}

const observers = new Map<string, IntersectionObserver>();
const callbacks = new WeakMap<Element, () => void>();

function watch(element: Element, margin: string, onSeen: () => void): () => void {
  let observer = observers.get(margin);
  if (!observer) {
    observer = new IntersectionObserver(
      (entries, self) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          self.unobserve(entry.target);
          callbacks.get(entry.target)?.();
          callbacks.delete(entry.target);
        }
      },
      { rootMargin: margin },
    );
    observers.set(margin, observer);
  }
  callbacks.set(element, onSeen);
  observer.observe(element);
  const own = observer;
  return () => {
    own.unobserve(element);
    callbacks.delete(element);
  };
}
