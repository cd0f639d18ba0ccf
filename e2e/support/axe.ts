import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

// Read once and evaluated in the page: the app's Content-Security-Policy refuses an added
// <script>, but not what the browser's own protocol evaluates.
const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The requirement's bar: a serious or critical violation fails; minor and moderate do not. */
const BLOCKING: readonly ImpactValue[] = ['serious', 'critical'];
/** Elements listed per rule: a colour wrong on every row would otherwise list them all. */
const NODES_SHOWN = 5;

type AxeWindow = { axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

/** axe-core's verdict on the page as it is now: its violations only. */
export async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { axe } = window as unknown as AxeWindow;
    if (!axe) throw new Error('axe-core did not load');
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations;
  });
}

/**
 * Runs axe-core on the page and throws, listing each rule, its impact, the elements and what
 * is wrong with them, on any serious or critical violation. `where` names the page in the
 * message.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const blocking = (await axeViolations(page)).filter((v) => BLOCKING.includes(v.impact ?? null));
  if (blocking.length === 0) return;
  const report = blocking.map((violation) => {
    const nodes = violation.nodes
      .slice(0, NODES_SHOWN)
      .map(
        (node) =>
          `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
      );
    const more = violation.nodes.length - nodes.length;
    if (more > 0) nodes.push(`    … and ${more} more`);
    return `  ${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join('\n')}`;
  });
  throw new Error(`axe-core on ${where} (${page.url()}):\n${report.join('\n')}`);
}
