import { useEffect, useState } from 'react';

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
      second = requestAnimationFrame(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, []);
  return painted;
}
