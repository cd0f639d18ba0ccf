/**
 * Which server module may import which (docs/architecture.md, "Dependency rule"). `npm run lint`
 * runs it; a new violation fails CI.
 *
 *   app.ts, main.ts, admin-cli.ts, testing/   the composition root: may import anything
 *   domains/<name>/                           a domain: its own files, platform, and another
 *                                             domain only through that domain's index.ts
 *   <module>/tables.ts                        the tables a domain or platform module owns:
 *                                             imported only by that module and the root
 *   platform/                                 what every domain stands on (http and errors,
 *                                             the endpoint registry, the command core, db, bus,
 *                                             operators and the audit log, notices, sockets…):
 *                                             it never imports a domain
 *
 * Tests may reach into what they test, so the layer rules skip *.test.ts; cycles are refused
 * everywhere, at any depth.
 */
const SERVER = '^packages/server/src/';
const TEST = '\\.test\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle at any depth: split the shared part out, or invert it with a port.',
      severity: 'error',
      from: { path: SERVER },
      to: { circular: true },
    },
    {
      name: 'domain-reaches-into-another-domain',
      comment: "A domain uses another only through that domain's index.ts (its public surface).",
      severity: 'error',
      from: { path: `${SERVER}domains/([^/]+)/`, pathNot: TEST },
      to: {
        path: `${SERVER}domains/[^/]+/`,
        pathNot: [`${SERVER}domains/$1/`, `${SERVER}domains/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'platform-imports-a-domain',
      comment: 'Platform serves every domain and knows none: domains register what it needs.',
      severity: 'error',
      from: { path: `${SERVER}platform/`, pathNot: TEST },
      to: { path: `${SERVER}domains/` },
    },
    {
      name: 'tables-of-another-module',
      comment:
        "A module's tables are its own (issue 38): another reads them through the owner's functions.",
      severity: 'error',
      from: { path: `${SERVER}(domains|platform)/([^/]+)/`, pathNot: TEST },
      to: {
        path: `${SERVER}(domains|platform)/[^/]+/tables\\.ts$`,
        pathNot: `${SERVER}$1/$2/`,
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: SERVER,
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
