/**
 * The "no raw statuses" check's scanner (issue 38), for the apps' no-raw-status tests: a
 * lifecycle status is read through its named table (DEPOSIT_STATUSES.unchecked,
 * COPY_STATUS.stopped …), never as a bare 1 or 'stopped' — a bare value says nothing of which
 * state it is, and survives a renumbering. Dev-only: never bundled.
 */
import ts from 'typescript';

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** status, state, reviewStatus, review_status, copy_state… */
function isStatusName(name: string): boolean {
  return /^(status|state)$/i.test(name) || /(Status|State|_status|_state)$/.test(name);
}

/** An identifier or a property (`row.status`, `row?.status`) with a status's name. */
function isStatusReference(node: ts.Expression): boolean {
  const inner = ts.isParenthesizedExpression(node) ? node.expression : node;
  if (ts.isIdentifier(inner)) return isStatusName(inner.text);
  if (ts.isPropertyAccessExpression(inner)) return isStatusName(inner.name.text);
  return false;
}

/** 1, -1, 'pending', `pending`. */
function isRawLiteral(node: ts.Expression): boolean {
  const inner = ts.isParenthesizedExpression(node) ? node.expression : node;
  if (ts.isPrefixUnaryExpression(inner)) return isRawLiteral(inner.operand);
  return (
    ts.isNumericLiteral(inner) ||
    ts.isStringLiteral(inner) ||
    ts.isNoSubstitutionTemplateLiteral(inner)
  );
}

/**
 * Every comparison of a status with a bare value in a file's text — `===`, `!==`, `==`, `!=`
 * with the value on either side, and a `case` of a switch on a status — as `line: code`.
 */
export function rawStatusComparisons(fileName: string, text: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push(`${line}: ${node.getText(source).split('\n')[0]}`);
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isBinaryExpression(node) &&
      EQUALITY.has(node.operatorToken.kind) &&
      ((isStatusReference(node.left) && isRawLiteral(node.right)) ||
        (isStatusReference(node.right) && isRawLiteral(node.left)))
    )
      report(node);
    if (ts.isCaseClause(node) && isRawLiteral(node.expression)) {
      const switchOf = node.parent.parent;
      if (ts.isSwitchStatement(switchOf) && isStatusReference(switchOf.expression)) report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
