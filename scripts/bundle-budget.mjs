// Fails the build when the first load of the web app grows past its budget: everything
// index.html makes the browser fetch before the first screen (the entry script, its
// modulepreloads, its stylesheets), measured as sent — brotli, as scripts/precompress.mjs
// wrote it. Home and trade render from this first load (the shell keeps both alive); the
// pages behind other routes load lazily and are not counted here.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The files index.html loads up front, as paths inside `dist`. */
export function firstLoadFiles(dist) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [
    ...html.matchAll(/<script[^>]*\bsrc="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="\/([^"]+)"/g),
  ].map((match) => match[1]);
  return [...new Set(refs)].filter((ref) => ref.startsWith('assets/'));
}

/** Bytes sent for a file: its .br copy, or the file compressed now if it has none. */
function brotliBytes(file) {
  if (fs.existsSync(`${file}.br`)) return fs.statSync(`${file}.br`).size;
  return zlib.brotliCompressSync(fs.readFileSync(file)).length;
}

export function checkBudget(dist, budgetFile) {
  const budget = JSON.parse(fs.readFileSync(budgetFile, 'utf8'));
  const files = firstLoadFiles(dist);
  const bytes = files.reduce((sum, ref) => sum + brotliBytes(path.join(dist, ref)), 0);
  return { files: files.length, kb: bytes / 1024, budgetKb: budget.firstLoadBrotliKb };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = path.resolve(process.argv[2] ?? 'dist');
  const budgetFile = path.resolve(process.argv[3] ?? 'bundle-budget.json');
  const { files, kb, budgetKb } = checkBudget(dist, budgetFile);
  const line = `first load: ${files} files, ${kb.toFixed(1)} KB brotli (budget ${budgetKb} KB)`;
  if (kb > budgetKb) {
    console.error(
      `Over budget — ${line}. Load it lazily, or raise the budget in ${budgetFile} with a reason.`,
    );
    process.exit(1);
  }
  console.info(line);
}
