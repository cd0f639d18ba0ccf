import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 38: each table has one owning module (a domain, or a platform module such as the
// command core); only that module's files query it, and everyone else reads it through the
// owner's public functions. The owner declares its tables in its `tables.ts`.

const SRC = fileURLToPath(new URL('.', import.meta.url));

/** Query-builder calls whose first argument names a table ('orders', 'orders as o'). */
const TABLE_CALLS = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
]);

/** Raw SQL names tables after these words. */
const RAW_TABLE = /\b(?:from|join|update|into)\s+"?([a-z_]+)"?/gi;

interface Owner {
  dir: string;
  tables: Set<string>;
}

const sources = (): string[] =>
  readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();

const parse = (file: string) =>
  ts.createSourceFile(
    file,
    readFileSync(path.join(SRC, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );

/** Each `tables.ts` and the table names its `…Tables` interface declares. */
function owners(): Owner[] {
  return sources()
    .filter((file) => path.basename(file) === 'tables.ts')
    .map((file) => {
      const tables = new Set<string>();
      for (const statement of parse(file).statements)
        if (ts.isInterfaceDeclaration(statement) && statement.name.text.endsWith('Tables'))
          for (const member of statement.members)
            if (member.name && ts.isIdentifier(member.name)) tables.add(member.name.text);
      return { dir: path.dirname(file), tables };
    });
}

/** The module a file belongs to: domains/<name> or platform/<name>; undefined at the root. */
function moduleOf(file: string): string | undefined {
  const [top, name] = file.split(path.sep);
  return (top === 'domains' || top === 'platform') && name ? `${top}/${name}` : undefined;
}

/** Every table a file names in a query, builder or raw SQL, with its line. */
function tablesQueriedIn(file: string, known: Set<string>): { table: string; line: number }[] {
  const source = parse(file);
  const found: { table: string; line: number }[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      TABLE_CALLS.has(node.expression.name.text)
    ) {
      const [first] = node.arguments;
      const names =
        first && ts.isArrayLiteralExpression(first) ? first.elements : first ? [first] : [];
      for (const name of names)
        if (ts.isStringLiteralLike(name))
          found.push({ table: name.text.split(/\s+/)[0] ?? '', line: lineOf(name) });
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      for (const match of node.template.getText(source).matchAll(RAW_TABLE)) {
        const table = match[1]?.toLowerCase() ?? '';
        if (known.has(table)) found.push({ table, line: lineOf(node) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Files that import the whole database (src/schema.ts): only the composition root may. */
function importsWholeDatabase(file: string): boolean {
  return parse(file).statements.some(
    (statement) =>
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      path.normalize(path.join(path.dirname(file), statement.moduleSpecifier.text)) === 'schema.ts',
  );
}

/** Parameters typed `Executor` that fall back to a default (the root database) when left out. */
function defaultedExecutors(file: string): number {
  let count = 0;
  const visit = (node: ts.Node) => {
    if (
      ts.isParameter(node) &&
      node.initializer &&
      node.type &&
      ts.isTypeReferenceNode(node.type) &&
      node.type.typeName.getText() === 'Executor'
    )
      count += 1;
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return count;
}

/** Where a module still queries a table it does not own; this list only shrinks. */
const KNOWN_FOREIGN_QUERIES: string[] = [];

/** Modules still typed with the whole database; this list only shrinks. */
const KNOWN_WHOLE_DATABASE: string[] = [];

/** Files whose repositories still default their executor; this list only shrinks. */
const KNOWN_DEFAULTED_EXECUTORS: string[] = [];

describe('executors', () => {
  // Issue 38: a repository takes the executor it is given — the command's transaction inside a
  // command — and never falls back to the root database, where a forgotten argument would
  // read outside the account's lock.
  it('are never defaulted', () => {
    const defaulted = sources().filter((file) => defaultedExecutors(file) > 0);
    expect(defaulted).toEqual([...KNOWN_DEFAULTED_EXECUTORS].sort());
  });
});

describe('table ownership', () => {
  const all = owners();
  const known = new Set(all.flatMap((owner) => [...owner.tables]));

  it('gives every table exactly one owner', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const owner of all)
      for (const table of owner.tables) {
        const first = seen.get(table);
        if (first) twice.push(`${table}: ${first} and ${owner.dir}`);
        seen.set(table, owner.dir);
      }
    expect(twice).toEqual([]);
    // A wrong root would find nothing and pass.
    expect(known).toContain('orders');
    expect(known).toContain('accounts');
  });

  it('has every module query only the tables it owns', () => {
    const foreign = sources()
      .filter((file) => moduleOf(file) && !file.includes(`${path.sep}migrations${path.sep}`))
      .flatMap((file) => {
        const owned = all.find((owner) => owner.dir === moduleOf(file))?.tables ?? new Set();
        return tablesQueriedIn(file, known)
          .filter(({ table }) => known.has(table) && !owned.has(table))
          .map(({ table, line }) => `${file}:${line} ${table}`);
      });
    const byFile = [...new Set(foreign.map((entry) => entry.replace(/:\d+ /, ' ')))].sort();
    expect(byFile).toEqual([...KNOWN_FOREIGN_QUERIES].sort());
  });

  it('keeps the whole database to the composition root', () => {
    const wide = sources().filter((file) => moduleOf(file) && importsWholeDatabase(file));
    expect(wide).toEqual([...KNOWN_WHOLE_DATABASE].sort());
  });
});
