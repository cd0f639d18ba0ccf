import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { functionLengths } from './testing/function-lengths.ts';

// Issue 26: "No server function with more than 80 lines of its own (nested functions and
// table-like data aside)". A longer one hides several steps that want names of their own.
const MAX_OWN_LINES = 80;

const SRC = fileURLToPath(new URL('.', import.meta.url));
const REPO = path.resolve(SRC, '../../..');

/** Every server source file; tests are exempt (a scenario reads best in one piece). */
function serverSources(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(SRC, file))
    .sort();
}

describe('server function length', () => {
  it(`has no function with more than ${MAX_OWN_LINES} lines of its own`, () => {
    const files = serverSources();
    // A wrong root would find nothing and pass: make sure it read the server.
    expect(files).toContain(path.join(SRC, 'app.ts'));
    const tooLong = files
      .flatMap((file) => functionLengths(file))
      .filter((f) => f.ownLines > MAX_OWN_LINES)
      .map((f) => `${path.relative(REPO, f.file)}:${f.line} ${f.name} ${f.ownLines}`);
    expect(tooLong).toEqual([]);
  });
});

describe('functionLengths', () => {
  // One function of each kind the count must tell apart; line numbers start at 1.
  const FIXTURE = `export function outer(values: number[]): number {
  // A comment carries no code.

  const weights = [
    1,
    2,
    3,
  ];
  const doubled = values.map((v) => {
    const twice = v * 2;
    return twice;
  });
  const query = \`select \${doubled.length}
    from t\`;
  return doubled.length + weights.length + query.length;
}

const helper = () => 1;
`;

  it('counts code lines less nested functions and constant tables', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'function-lengths-'));
    try {
      const file = path.join(dir, 'fixture.ts');
      writeFileSync(file, FIXTURE);
      const lengths = functionLengths(file).map(({ name, line, ownLines }) => ({
        name,
        line,
        ownLines,
      }));
      expect(lengths).toEqual([
        // Lines 1, 4, 9, 13, 14, 15 and 16: not the comment, the blank line, the table's
        // rows nor the arrow's body; both lines of the template are code.
        { name: 'outer', line: 1, ownLines: 7 },
        // Lines 9 to 12: where it starts, its two statements and its closing brace.
        { name: '(anonymous)', line: 9, ownLines: 4 },
        { name: 'helper', line: 18, ownLines: 1 },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
