// `npm run docs:modules`: writes app.ts's module list into docs/architecture.md (issue 38);
// app-modules.test.ts fails while the document and app.ts disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withModules } from '../packages/server/src/testing/module-list.ts';

const doc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/architecture.md');
writeFileSync(doc, withModules(readFileSync(doc, 'utf8')));
