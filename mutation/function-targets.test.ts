import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionsOf, mutateEntries } from './function-targets.mjs';
import config from './money.config.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('mutation targets by function name', () => {
  it("resolves the money run's every function to one range", () => {
    // The config resolves its names when it loads: a missing or doubled name throws there.
    expect(config.mutate.length).toBeGreaterThan(10);
    for (const entry of config.mutate) expect(entry).toMatch(/^packages\/.+\.ts:\d+-\d+$/);
  });

  it('finds declarations, arrows and methods, and refuses a name it cannot place', () => {
    const dir = mkdtempSync(path.join(ROOT, '.function-targets-'));
    try {
      const file = path.relative(ROOT, path.join(dir, 'fixture.ts'));
      writeFileSync(
        path.join(ROOT, file),
        [
          'export function alpha() {',
          '  return 1;',
          '}',
          'const beta = (x: number) =>',
          '  x + 1;',
          'const steps = {',
          '  gamma() { return 2; },',
          '  delta: () => 3,',
          '};',
          'function twice() {}',
          'function twice2() { const twice = () => 0; return twice; }',
        ].join('\n'),
      );
      expect(functionsOf(file).map((f) => `${f.name}:${f.first}-${f.last}`)).toEqual([
        'alpha:1-3',
        'beta:4-5',
        'gamma:7-7',
        'delta:8-8',
        'twice:10-10',
        'twice2:11-11',
        'twice:11-11',
      ]);
      expect(mutateEntries([{ file, functions: ['alpha', 'delta'] }])).toEqual([
        `${file}:1-3`,
        `${file}:8-8`,
      ]);
      expect(() => mutateEntries([{ file, functions: ['twice'] }])).toThrow('2 functions');
      expect(() => mutateEntries([{ file, functions: ['omega'] }])).toThrow('0 functions');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
