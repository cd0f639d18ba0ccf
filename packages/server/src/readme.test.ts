import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 37 item 13: the README said "Five packages" need Node 22 and named four, and linked
// an architecture file that does not exist. What it says about the machine is checked here.
const REPO = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const README = readFileSync(path.join(REPO, 'README.md'), 'utf8');

type Version = readonly [number, number];

/** Whether one `engines.node` range admits `version` (a part it cannot read admits: no guess). */
function admits(range: string, [major, minor]: Version): boolean {
  return range.split('||').some((part) => {
    const bound = /^\s*(>=|\^)?\s*v?(\d+)(?:\.(\d+))?/.exec(part);
    if (!bound) return true;
    const [low, lowMinor] = [Number(bound[2]), Number(bound[3] ?? 0)];
    if (bound[1] === '^' && low !== major) return false;
    return major > low || (major === low && minor >= lowMinor);
  });
}

/** Every installed package (nested copies too) and its `engines.node`. */
function installedEngines(dir: string): { name: string; node: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    if (entry.startsWith('.')) return [];
    if (entry.startsWith('@')) {
      return readdirSync(path.join(dir, entry)).flatMap((name) =>
        installedPackage(path.join(dir, entry, name)),
      );
    }
    return installedPackage(path.join(dir, entry));
  });
}

function installedPackage(dir: string): { name: string; node: string }[] {
  const file = path.join(dir, 'package.json');
  const nested = installedEngines(path.join(dir, 'node_modules'));
  if (!existsSync(file)) return nested;
  const json = JSON.parse(readFileSync(file, 'utf8')) as {
    name?: string;
    engines?: { node?: unknown };
  };
  const node = json.engines?.node;
  return typeof node === 'string' && json.name ? [{ name: json.name, node }, ...nested] : nested;
}

const NUMBERS = ['no', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine'];

describe('README', () => {
  it('names every installed package that asks for a newer Node than ours, and counts them', () => {
    const floor = /^>=(\d+)\.(\d+)$/.exec(
      JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).engines.node,
    );
    expect(floor).not.toBeNull();
    const ours: Version = [Number(floor?.[1]), Number(floor?.[2])];
    expect(admits('>=22', ours)).toBe(false);
    expect(admits('>=23.5.0 || ^22.13.0 || ^20.17.0', ours)).toBe(true);

    const newer = [
      ...new Set(
        installedEngines(path.join(REPO, 'node_modules'))
          .filter(({ node }) => !admits(node, ours))
          .map(({ name }) => name),
      ),
    ].sort();
    const paragraph = /(\w+) packages declare Node 22[\s\S]*?\n\n/.exec(README);
    expect(paragraph, 'the paragraph on Node 22').not.toBeNull();
    const named = [...(paragraph?.[0] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    expect(newer.filter((name) => !named.includes(name))).toEqual([]);
    expect(paragraph?.[1]).toBe(NUMBERS[newer.length]);
  });

  it('links only to files that exist', () => {
    const targets = [...README.matchAll(/\]\(([^)\s]+)\)/g), ...README.matchAll(/src="([^"]+)"/g)]
      .map((m) => (m[1] ?? '').split('#')[0] ?? '')
      .filter((target) => target !== '' && !/^[a-z]+:/.test(target));
    expect(targets).toContain('docs/architecture.md');
    expect(targets.filter((target) => !existsSync(path.join(REPO, target)))).toEqual([]);
  });

  it('says the Chinese interface needs a CJK font, and CI installs it', () => {
    expect(README).toMatch(/CJK font[^;]*`apt-get install -y fonts-wqy-zenhei`/);
    const ci = readFileSync(path.join(REPO, '.ci/run'), 'utf8');
    expect(ci).toMatch(/dpkg -s fonts-wqy-zenhei/);
    expect(ci).toMatch(/apt-get install [^\n]*\\\n\s*fonts-wqy-zenhei/);
  });
});
