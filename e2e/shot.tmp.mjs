import { chromium } from 'playwright-core';
const base = process.argv[2]; const pages = process.argv.slice(3);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
const page = await ctx.newPage();
page.on('console', m => { if (m.type()==='error') console.log('console:', m.text()); });
page.on('pageerror', e => console.log('pageerror:', e.message));
for (const p of pages) {
  const [hash, name, lang] = p.split('|');
  if (lang) await page.evaluate((l) => localStorage.setItem('tradedesk.lang', l), lang).catch(()=>{});
  await page.goto(base + '/#' + hash); await page.waitForTimeout(1200);
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
  console.log(name, page.url());
}
await browser.close();
