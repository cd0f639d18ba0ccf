/**
 * A stand-in for @rc-component/util's getScrollBarSize.js (see ../csp-safe-scrollbar.ts) with
 * the same exports and results, minus the throwaway <style> the original writes to copy a
 * custom `::-webkit-scrollbar` size onto its measuring box: that size is read directly.
 */

interface Size {
  width: number;
  height: number;
}

let cached: Size | undefined;

function measureScrollbarSize(target?: Element): Size {
  const box = document.createElement('div');
  // Set through the CSSOM, which the Content-Security-Policy allows.
  Object.assign(box.style, {
    position: 'absolute',
    left: '0',
    top: '0',
    width: '100px',
    height: '100px',
    overflow: 'scroll',
  });
  if (target) {
    const style = getComputedStyle(target);
    box.style.scrollbarColor = style.scrollbarColor;
    box.style.scrollbarWidth = style.scrollbarWidth;
    const webkit = getComputedStyle(target, '::-webkit-scrollbar');
    const width = Number.parseInt(webkit.width, 10);
    const height = Number.parseInt(webkit.height, 10);
    if (width > 0 && height > 0) return { width, height };
  }
  document.body.appendChild(box);
  const size = {
    width: box.offsetWidth - box.clientWidth,
    height: box.offsetHeight - box.clientHeight,
  };
  document.body.removeChild(box);
  return size;
}

export default function getScrollBarSize(fresh?: boolean): number {
  if (typeof document === 'undefined') return 0;
  if (fresh || cached === undefined) cached = measureScrollbarSize();
  return cached.width;
}

export function getTargetScrollBarSize(target: HTMLElement): Size {
  if (typeof document === 'undefined' || !(target instanceof Element))
    return { width: 0, height: 0 };
  return measureScrollbarSize(target);
}
