import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// docs/architecture.md's list of the app's modules, read from app.ts (issue 38): the order the
// composition adds them in and what each is given. A spread in what a module is given hides
// what it needs, so the list refuses one.

const SRC = fileURLToPath(new URL('..', import.meta.url));
export const APP_FILE = path.join(SRC, 'app.ts');

export interface ListedModule {
  /** The module's identifier in app.ts, and the file it is imported from. */
  module: string;
  from: string;
  /** The names of what it is given, in the order written. */
  needs: string[];
}

const BEGIN =
  '<!-- modules: generated from packages/server/src/app.ts by `npm run docs:modules`; app-modules.test.ts checks it -->';
const END = '<!-- /modules -->';

/** The modules app.ts adds, in the order buildApp adds them (following its helper functions). */
export function listModules(file = APP_FILE): ListedModule[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const functions = new Map<string, ts.FunctionDeclaration>();
  const importedFrom = new Map<string, string>();
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name)
      functions.set(statement.name.text, statement);
    if (
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.importClause?.namedBindings &&
      ts.isNamedImports(statement.importClause.namedBindings)
    )
      for (const element of statement.importClause.namedBindings.elements)
        importedFrom.set(element.name.text, statement.moduleSpecifier.text.replace(/^\.\//, ''));
  }
  const listed: ListedModule[] = [];
  const walk = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'add') {
        const [module, deps] = node.arguments;
        if (!module || !ts.isIdentifier(module)) throw new Error(`app.ts:${line(node)}: add(?)`);
        listed.push({
          module: module.text,
          from: importedFrom.get(module.text) ?? 'app.ts',
          needs: needsOf(deps, module.text),
        });
      } else if (ts.isIdentifier(callee) && functions.has(callee.text)) {
        const helper = functions.get(callee.text);
        if (helper?.body) ts.forEachChild(helper.body, walk);
      }
    }
    ts.forEachChild(node, walk);
  };
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const needsOf = (deps: ts.Expression | undefined, module: string): string[] => {
    if (!deps || !ts.isObjectLiteralExpression(deps))
      throw new Error(`app.ts:${line(deps ?? source)}: ${module} is not given an object literal`);
    return deps.properties.map((property) => {
      if (ts.isSpreadAssignment(property))
        throw new Error(
          `app.ts:${line(property)}: ${module} is given a spread, which hides what it needs`,
        );
      return property.name?.getText(source) ?? '?';
    });
  };
  const build = functions.get('buildApp');
  if (!build?.body) throw new Error('app.ts has no buildApp');
  ts.forEachChild(build.body, walk);
  return listed;
}

/** The markdown block docs/architecture.md carries between its markers. */
export function modulesMarkdown(modules = listModules()): string {
  const rows = modules.map(
    (m, i) => `| ${i + 1} | \`${m.module}\` | \`${m.from}\` | ${m.needs.join(', ')} |`,
  );
  return [BEGIN, '| # | module | from | given |', '|---|---|---|---|', ...rows, END].join('\n');
}

/** The block as docs/architecture.md has it now, or undefined if it has none. */
export function documentedModules(doc: string): string | undefined {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  return start < 0 || end < 0 ? undefined : doc.slice(start, end + END.length);
}

/** The document with its block replaced (or appended under a heading when it had none). */
export function withModules(doc: string, block = modulesMarkdown()): string {
  const current = documentedModules(doc);
  return current
    ? doc.replace(current, block)
    : `${doc.trimEnd()}\n\n### The modules, as app.ts adds them\n${block}\n`;
}
