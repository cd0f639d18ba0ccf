import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it: for what may start only
 * after the first screen is on glass (the chart library, the order form's code, the candles),
 * so that it never competes with it.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The second frame's callback runs after the first frame has been painted.
    let second = 0;
    const first = requestAnimationFrame(() => {
      // A transition: what mounts once painted (the form, the chart's box, the candles'
      // query) renders in slices that yield to the browser, not in one long task.
      second = requestAnimationFrame(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, []);
  return painted;
}
