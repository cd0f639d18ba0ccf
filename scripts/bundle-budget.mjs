// Fails the build when what home or trade loads before it paints grows past its budget,
// measured as sent: brotli, as scripts/precompress.mjs wrote it. Read from Vite's manifest:
// - home: the entry script and everything it imports statically, with their stylesheets,
//   and whatever else index.html links, runs or preloads (boot.css, the language picker, the
//   texts of the budget's language: a new visitor's, the default);
// - trade: home's files plus the trade route's own chunk and its static imports. What the
//   trade page loads after it has painted (the chart library, the order form) is not counted.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TRADE_ROUTE = 'src/app/trade-route.tsx';

/** The files a manifest chunk needs before it runs: itself, its static imports, their CSS. */
function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

/**
 * The same-origin files index.html links (stylesheets, module preloads) or runs, as paths in
 * `dist`. Of the preloads kept for one language's readers (`<template data-language>`, which
 * i18n/preload-language.ts activates), only `language`'s count: a reader loads one language.
 */
function linkedByPage(dist, language) {
  const html = fs
    .readFileSync(path.join(dist, 'index.html'), 'utf8')
    .replace(/<template data-language="([^"]*)">([\s\S]*?)<\/template>/g, (_all, of, inner) =>
      of === language ? inner : '',
    );
  const tags =
    html.match(/<link [^>]*rel="(stylesheet|modulepreload)"[^>]*>|<script [^>]*src="[^"]*"/g) ?? [];
  return tags.map((tag) => /(?:href|src)="\/([^"?]+)"/.exec(tag)?.[1]).filter(Boolean);
}

/** What home and trade load before they paint for a reader of `language`, as paths inside `dist`. */
export function firstLoads(dist, language) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the build manifest has no entry');
  const home = staticClosure(manifest, entry);
  for (const file of linkedByPage(dist, language)) home.add(file);
  const trade = staticClosure(manifest, TRADE_ROUTE, new Set(home));
  return { home: [...home], trade: [...trade] };
}

/** Bytes sent for a file: its .br copy, or the file compressed now if it has none. */
function brotliBytes(file) {
  if (fs.existsSync(`${file}.br`)) return fs.statSync(`${file}.br`).size;
  return zlib.brotliCompressSync(fs.readFileSync(file)).length;
}

export function checkBudget(dist, budgetFile) {
  const budget = JSON.parse(fs.readFileSync(budgetFile, 'utf8'));
  // The texts are a page's largest preload: a budget that counted none would say too little.
  if (!budget.language) throw new Error(`${budgetFile} names no language whose texts to count`);
  const loads = firstLoads(dist, budget.language);
  return Object.entries(loads).map(([page, files]) => ({
    page,
    files: files.length,
    kb: files.reduce((sum, file) => sum + brotliBytes(path.join(dist, file)), 0) / 1024,
    budgetKb: budget.firstLoadBrotliKb[page],
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = path.resolve(process.argv[2] ?? 'dist');
  const budgetFile = path.resolve(process.argv[3] ?? 'bundle-budget.json');
  let over = false;
  for (const { page, files, kb, budgetKb } of checkBudget(dist, budgetFile)) {
    const line = `first load of ${page}: ${files} files, ${kb.toFixed(1)} KB brotli (budget ${budgetKb} KB)`;
    if (kb > budgetKb) {
      over = true;
      console.error(
        `Over budget — ${line}. Load it lazily, or raise the budget in ${budgetFile} with a reason.`,
      );
    } else console.info(line);
  }
  if (over) process.exit(1);
}
