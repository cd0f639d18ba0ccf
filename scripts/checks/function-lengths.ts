/// <reference types="node" />
/**
 * The function length check's counter (issues 26 and 38), shared by the packages that hold the
 * rule: the server's, the web app's and the back office's function-length tests. Dev-only: it
 * reads source files with the TypeScript compiler and is never bundled.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export interface FunctionLength {
  file: string;
  name: string;
  line: number;
  /** Lines with code on them, less those of nested functions and of constant tables. */
  ownLines: number;
}

const isFunctionLike = (node: ts.Node): boolean =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/** A literal made only of literals: a table of data, whatever its length. */
function isConstantTable(node: ts.Node): boolean {
  if (ts.isArrayLiteralExpression(node)) return node.elements.every(isConstantTable);
  if (ts.isObjectLiteralExpression(node))
    return node.properties.every(
      (p) => ts.isPropertyAssignment(p) && isConstantTable(p.initializer),
    );
  if (ts.isAsExpression(node) || ts.isParenthesizedExpression(node))
    return isConstantTable(node.expression);
  if (ts.isPrefixUnaryExpression(node)) return isConstantTable(node.operand);
  return (
    ts.isStringLiteral(node) ||
    ts.isNumericLiteral(node) ||
    ts.isBigIntLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword ||
    node.kind === ts.SyntaxKind.NullKeyword
  );
}

/** What a function is called where it is written: its own name, or the name it is given. */
function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.PropertyName };
  if (named.name) return textOf(named.name);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    parent.initializer === node
  )
    return textOf(parent.name);
  return '(anonymous)';
}

function textOf(name: ts.PropertyName | ts.BindingName): string {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteralLike(name))
    return name.text;
  if (ts.isNumericLiteral(name)) return name.text;
  return '(anonymous)';
}

/**
 * Lines that carry code: those a token of the parsed tree lies on. Blank lines and comments
 * carry none; a template spanning lines (SQL, for one) carries every line it spans. The
 * tree, not a bare scanner, says where a template ends once it holds `${…}`.
 */
function codeLinesOf(source: ts.SourceFile): Set<number> {
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const lines = new Set<number>();
  const visit = (node: ts.Node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode)
      return;
    if (node.kind === ts.SyntaxKind.EndOfFileToken) return;
    const children = node.getChildren(source);
    if (children.length === 0) {
      // An empty list (no parameters, say) has no width and no line of its own.
      if (node.getWidth(source) === 0) return;
      for (let l = lineOf(node.getStart(source)); l <= lineOf(node.getEnd()); l++) lines.add(l);
      return;
    }
    for (const child of children) visit(child);
  };
  visit(source);
  return lines;
}

/** Every function of a file with the lines that are its own. */
export function functionLengths(file: string): FunctionLength[] {
  const text = readFileSync(file, 'utf8');
  // A component's JSX parses only as TSX: read as plain TypeScript it is a run of errors.
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const codeLines = codeLinesOf(source);
  const results: FunctionLength[] = [];
  const visit = (node: ts.Node) => {
    if (isFunctionLike(node)) {
      const own = new Set<number>();
      for (let l = lineOf(node.getStart()); l <= lineOf(node.getEnd()); l++)
        if (codeLines.has(l)) own.add(l);
      const subtract = (inner: ts.Node) => {
        if (isFunctionLike(inner) || (isConstantTable(inner) && !ts.isLiteralExpression(inner))) {
          // The line a nested function starts on is shared with its caller: keep it.
          for (let l = lineOf(inner.getStart()) + 1; l <= lineOf(inner.getEnd()); l++)
            own.delete(l);
          return;
        }
        ts.forEachChild(inner, subtract);
      };
      ts.forEachChild(node, subtract);
      results.push({
        file,
        name: nameOf(node),
        line: lineOf(node.getStart()) + 1,
        ownLines: own.size,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return results;
}
