import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module, in a document that has not finished loading. */
async function freshModule() {
  vi.resetModules();
  Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
  const module = await import('./after-first-screen.ts');
  Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
  return module;
}

const nextFrames = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );

describe('afterFirstScreen', () => {
  it('waits for the load event and for the first screen to have been painted', async () => {
    const { afterFirstScreen, firstScreenRendered } = await freshModule();
    const work = vi.fn();
    afterFirstScreen(work);
    window.dispatchEvent(new Event('load'));
    expect(work).not.toHaveBeenCalled();
    firstScreenRendered();
    expect(work).not.toHaveBeenCalled();
    await nextFrames();
    expect(work).toHaveBeenCalledOnce();

    const later = vi.fn();
    afterFirstScreen(later);
    expect(later).toHaveBeenCalledOnce();
  });

  it('does not run before the page has loaded, however early the app renders', async () => {
    const { afterFirstScreen, firstScreenRendered } = await freshModule();
    const work = vi.fn();
    afterFirstScreen(work);
    firstScreenRendered();
    await nextFrames();
    expect(work).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(work).toHaveBeenCalledOnce();
  });
});
