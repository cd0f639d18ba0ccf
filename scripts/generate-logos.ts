// Writes the instrument logos shipped with the web app (packages/web/public/logos): local
// assets, never hot-linked. Run after changing the catalogue: node --import tsx scripts/generate-logos.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUE } from '../packages/server/src/domains/market/catalogue.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'packages/web/public/logos');

/** Colours per category: forex, metals, energies, indices, crypto, stocks. */
const COLOURS: Record<number, [string, string]> = {
  1: ['#1f6feb', '#0b3d91'],
  2: ['#d4a017', '#8a6508'],
  3: ['#2f855a', '#1c4532'],
  4: ['#6b46c1', '#322659'],
  5: ['#f7931a', '#b35c00'],
  6: ['#e5484d', '#7f1d1d'],
};

function label(code: string, categoryId: number): string {
  if (categoryId === 1 || categoryId === 2 || categoryId === 5) return code.slice(0, 3);
  return code.replace(/\d+$/, '').slice(0, 4);
}

fs.mkdirSync(out, { recursive: true });
for (const instrument of CATALOGUE) {
  const [from, to] = COLOURS[instrument.categoryId] ?? ['#667085', '#344054'];
  const text = label(instrument.code, instrument.categoryId);
  const size = text.length > 3 ? 15 : 18;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${instrument.code}"><title>${instrument.name}</title><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><circle cx="32" cy="32" r="32" fill="url(#g)"/><text x="32" y="38" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="#fff">${text}</text></svg>\n`;
  fs.writeFileSync(path.join(out, `${instrument.code.toLowerCase()}.svg`), svg);
}
console.info(`wrote ${CATALOGUE.length} logos to ${path.relative(root, out)}`);
