// What a mutation run mutates, named by function rather than by line range (issue 38): a
// range drifts as soon as a line is added above it, and then mutates the wrong code in
// silence. Each target names a file and the functions in it; the lines are looked up in the
// file's syntax tree when the run starts, and a name that is missing or found twice stops it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The name a function is known by where it is written: its own, or the one it is given. */
function nameOf(node) {
  if (node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)))
    return node.name.text;
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) &&
    parent.initializer === node &&
    ts.isIdentifier(parent.name)
  )
    return parent.name.text;
  return undefined;
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node);

/** Every named function of a file with its first and last line (1-based). */
export function functionsOf(file) {
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(ROOT, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const line = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const found = [];
  const visit = (node) => {
    if (isFunction(node)) {
      const name = nameOf(node);
      if (name) found.push({ name, first: line(node.getStart(source)), last: line(node.end) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Stryker's `mutate` entries (`file:first-last`) for `{ file, functions }` targets; throws if a
 * named function is missing or found more than once in its file.
 */
export function mutateEntries(targets) {
  return targets.flatMap(({ file, functions }) => {
    const all = functionsOf(file);
    return functions.map((name) => {
      const matches = all.filter((f) => f.name === name);
      if (matches.length !== 1)
        throw new Error(`${file}: ${matches.length} functions named ${name}, expected one`);
      const [{ first, last }] = matches;
      return `${file}:${first}-${last}`;
    });
  });
}
