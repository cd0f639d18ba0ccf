import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Candle } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { CandleChart } from './candle-chart.tsx';

vi.mock('../../../lib/ws-client.ts', () => ({
  socketClient: { subscribe: () => () => {} },
}));

// The library draws on a canvas jsdom has not: a chart whose pane is 330 × 300 px with a 60 px
// price scale at its right, 1.1 at the top and 1.0 at the bottom.
vi.mock('lightweight-charts', () => {
  const series = {
    setData: () => {},
    update: () => {},
    applyOptions: () => {},
    createPriceLine: () => ({}),
    removePriceLine: () => {},
    coordinateToPrice: (y: number) => 1.1 - (y / 300) * 0.1,
  };
  return {
    CandlestickSeries: {},
    createChart: () => ({
      addSeries: () => series,
      applyOptions: () => {},
      timeScale: () => ({ scrollToRealTime: () => {} }),
      priceScale: () => ({ width: () => 60 }),
      paneSize: () => ({ width: 330, height: 300 }),
      resize: () => {},
      remove: () => {},
    }),
  };
});

const CANDLES: Candle[] = [
  { Time: 1_700_000_000, Open: 1.05, High: 1.06, Low: 1.04, Close: 1.05, Volume: 1 },
];

async function renderChart(onScaleTap: (price: number) => void) {
  render(
    <CandleChart
      candles={CANDLES}
      code="EURUSD"
      period="15min"
      precision={5}
      onScaleTap={onScaleTap}
    />,
  );
  const chart = screen.getByTestId('candle-chart');
  await vi.waitFor(() => expect(chart.dataset.bars).toBe('1'));
  return chart;
}

/** A press and its release at one point, as a tap (or a click) ends. */
function tap(target: HTMLElement, x: number, y: number, upX = x, upY = y) {
  fireEvent.pointerDown(target, { clientX: x, clientY: y });
  fireEvent.click(target, { clientX: upX, clientY: upY });
}

beforeAll(async () => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(cleanup);

describe('a tap on the chart', () => {
  it("reports the price at the tapped height of the price scale, and nothing of the pane's", async () => {
    const onScaleTap = vi.fn();
    const chart = await renderChart(onScaleTap);
    tap(chart, 200, 150);
    expect(onScaleTap).not.toHaveBeenCalled();
    tap(chart, 360, 150);
    expect(onScaleTap).toHaveBeenCalledOnce();
    expect(onScaleTap.mock.calls[0]?.[0]).toBeCloseTo(1.05, 10);
  });

  it('leaves a drag along the scale (which zooms it) alone', async () => {
    const onScaleTap = vi.fn();
    const chart = await renderChart(onScaleTap);
    tap(chart, 360, 100, 360, 180);
    expect(onScaleTap).not.toHaveBeenCalled();
  });
});
