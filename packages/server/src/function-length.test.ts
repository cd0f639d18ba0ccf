import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
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

// Issue 38: the 80-line rule subtracts nested functions, so a factory of 250 lines made of
// closures passed it; a factory that long is several use cases, each wanting a file of its own.
const MAX_SPAN_LINES = 150;

/** Files holding data or seeds, whose length is their content, not their logic. */
const DATA_FILE = /(^|\/)(seed-[^/]*|default-[^/]*|catalogue|sample-traders\/[^/]*-data)\.ts$/;

/** Every function's whole span, nested functions included: first line to last. */
function functionSpans(file: string): { name: string; line: number; span: number }[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const spans: { name: string; line: number; span: number }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const line = lineOf(node.getStart(source));
      const parent = node.parent;
      const name =
        (node as { name?: ts.Node }).name?.getText(source) ??
        (ts.isVariableDeclaration(parent) ? parent.name.getText(source) : '(anonymous)');
      spans.push({ name, line, span: lineOf(node.end) - line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}

/** Functions that still span more; this list only shrinks. */
const KNOWN_LONG_SPANS: string[] = [];

describe('server function length', () => {
  it(`has no function spanning more than ${MAX_SPAN_LINES} lines, nested ones included`, () => {
    const tooLong = serverSources()
      .filter((file) => !DATA_FILE.test(file))
      .flatMap((file) =>
        functionSpans(file)
          .filter((f) => f.span > MAX_SPAN_LINES)
          .map((f) => `${path.relative(SRC, file)} ${f.name}`),
      )
      .sort();
    expect(tooLong).toEqual([...KNOWN_LONG_SPANS].sort());
  });

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
