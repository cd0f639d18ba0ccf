// The home route in Chromium at 390×844: initial JavaScript (gzip) and time to the first
// quote rows, against the time to load a trivial page from the same server in the same run.
import { gzipSync } from 'node:zlib';
import { launchBrowser, newPhone } from '../e2e/support/mobile-browser.ts';
import { startPlatform } from '../e2e/support/platform.ts';

const RUNS = 5;
const platform = await startPlatform({ at: Date.UTC(2026, 10, 3, 15, 0) });
const browser = await launchBrowser();

// Ready checks are functions, not strings: the app's CSP refuses the eval a string would need.
const quoteRowsShown = () => document.querySelectorAll('.market-row[data-code]').length >= 30;
const loaded = () => document.readyState === 'complete';

async function load(url: string, ready: () => boolean): Promise<{ ms: number; jsGzip: number }> {
  const { context, page } = await newPhone(browser);
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(
        response
          .body()
          .then((body) => gzipSync(body).length)
          .catch(() => 0),
      );
    }
  });
  const started = Date.now();
  await page.goto(url);
  await page.waitForFunction(ready);
  const ms = Date.now() - started;
  const jsGzip = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
  await context.close();
  return { ms, jsGzip };
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const home: { ms: number; jsGzip: number }[] = [];
const trivial: number[] = [];
// One warm-up of each, then alternate so both see the same machine state.
await load(`${platform.baseUrl}/#/`, quoteRowsShown);
await load(`${platform.baseUrl}/favicon.svg`, loaded);
for (let i = 0; i < RUNS; i++) {
  home.push(await load(`${platform.baseUrl}/#/`, quoteRowsShown));
  trivial.push((await load(`${platform.baseUrl}/favicon.svg`, loaded)).ms);
}
const homeMs = median(home.map((h) => h.ms));
const trivialMs = median(trivial);
console.info(`\nHome route in Chromium at 390×844 (median of ${RUNS}, fresh profile each time)`);
console.info(`initial JavaScript: ${(home[0]!.jsGzip / 1024).toFixed(1)} KiB gzip`);
console.info(
  `time to ≥ 30 quote rows: ${homeMs} ms; a trivial page from the same server: ${trivialMs} ms; ratio ${(homeMs / trivialMs).toFixed(1)}×`,
);
await browser.close();
await platform.stop();
