/// <reference types="node" />
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { functionLengths } from '../../../scripts/checks/function-lengths.ts';

// Issue 38: "No component or function over 80 lines of its own" in the back office, counted as
// the server's check counts them (nested functions and constant tables aside). A longer one
// hides several parts that want names of their own: a component, a hook, a table of columns.
const MAX_OWN_LINES = 80;

const SRC = fileURLToPath(new URL('.', import.meta.url));
const REPO = path.resolve(SRC, '../../..');

/** Every back-office source file; tests are exempt (a scenario reads best in one piece). */
function adminSources(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts'),
    )
    .map((file) => path.join(SRC, file))
    .sort();
}

describe('back office function length', () => {
  it(`has no component or function with more than ${MAX_OWN_LINES} lines of its own`, () => {
    const files = adminSources();
    // A wrong root would find nothing and pass: make sure it read components and plain modules.
    expect(files).toContain(path.join(SRC, 'app', 'router.tsx'));
    expect(files).toContain(path.join(SRC, 'lib', 'admin-api.ts'));
    const tooLong = files
      .flatMap((file) => functionLengths(file))
      .filter((f) => f.ownLines > MAX_OWN_LINES)
      .map((f) => `${path.relative(REPO, f.file)}:${f.line} ${f.name} ${f.ownLines}`);
    expect(tooLong).toEqual([]);
  });

  it('reads a .tsx file as TSX: a component is counted through its JSX', () => {
    // Parsed as plain TypeScript, JSX is a run of syntax errors and the count is meaningless.
    const rows = Array.from({ length: MAX_OWN_LINES }, (_, i) => `      <li>row ${i}</li>`);
    const fixture = [
      'export function LongList() {',
      '  return (',
      '    <ul className="list">',
      ...rows,
      '    </ul>',
      '  );',
      '}',
      '',
      'export const Short = () => <p>short</p>;',
      '',
    ].join('\n');
    const dir = mkdtempSync(path.join(tmpdir(), 'admin-function-lengths-'));
    try {
      const file = path.join(dir, 'fixture.tsx');
      writeFileSync(file, fixture);
      const lengths = functionLengths(file).map(({ name, line, ownLines }) => ({
        name,
        line,
        ownLines,
      }));
      expect(lengths).toEqual([
        { name: 'LongList', line: 1, ownLines: MAX_OWN_LINES + 6 },
        { name: 'Short', line: MAX_OWN_LINES + 8, ownLines: 1 },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
