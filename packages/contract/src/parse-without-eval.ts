import { config } from 'zod/v4/core';

/**
 * Zod 4 compiles object parsers with `new Function` when it can, after probing with
 * `Function('')`. Under the browser apps' Content-Security-Policy (script-src without
 * 'unsafe-eval') that probe is a reported violation on every page that parses (issue 25:
 * /register). The apps call this before anything parses; the server keeps the faster path.
 */
export function parseWithoutEval(): void {
  config({ jitless: true });
}
