import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { documentedModules, listModules, modulesMarkdown } from './testing/module-list.ts';

const DOC = fileURLToPath(new URL('../../../docs/architecture.md', import.meta.url));

// Issue 38: app.ts reads as one list of modules and what each is given, and the architecture
// document shows that list as it is, copying included.
describe('the module list', () => {
  it('is documented in docs/architecture.md as app.ts has it (npm run docs:modules)', () => {
    const modules = listModules();
    expect(modules.map((m) => m.module)).toEqual(
      expect.arrayContaining(['databaseModule', 'tradingModule', 'copyingModule', 'webModule']),
    );
    expect(documentedModules(readFileSync(DOC, 'utf8'))).toBe(modulesMarkdown(modules));
  });

  it('refuses a module given a spread, which hides what it needs', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'module-list-'));
    try {
      const file = path.join(dir, 'app.ts');
      writeFileSync(
        file,
        [
          "import { aModule } from './a.ts';",
          "import { bModule } from './b.ts';",
          'export async function buildApp(root, deps) {',
          '  const a = await root.add(aModule, { db: deps.db, now });',
          '  await addRest(root, a);',
          '}',
          'async function addRest(root, a) {',
          '  await root.add(bModule, { ...a });',
          '}',
        ].join('\n'),
      );
      expect(() => listModules(file)).toThrow('bModule is given a spread');
      writeFileSync(file, readFileSync(file, 'utf8').replace('{ ...a }', '{ a }'));
      expect(listModules(file)).toEqual([
        { module: 'aModule', from: 'a.ts', needs: ['db', 'now'] },
        { module: 'bModule', from: 'b.ts', needs: ['a'] },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
