// Renders the installable app's PNG icons (SPEC.md §7 manifest) from the app's mark, the
// same chart line as public/favicon.svg. Run again after changing the mark:
//   node packages/web/scripts/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const BLUE = '#1f6feb';
const LINE = 'M14 44l10-12 8 7 16-19';

/** The mark on a rounded tile (any purpose): what launchers show as is. */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BLUE}"/><path d="${LINE}" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/**
 * Maskable: a full-bleed square with the line shrunk into the inner 60 %, inside the 80 %
 * safe circle every launcher mask keeps (https://web.dev/articles/maskable-icon).
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BLUE}"/><g transform="translate(32 32) scale(0.62) translate(-31 -32)"><path d="${LINE}" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;

const icons = [
  ['icon-192.png', tile, 192],
  ['icon-512.png', tile, 512],
  ['maskable-512.png', maskable, 512],
  // iOS ignores the manifest's icons and wants an opaque square.
  ['apple-touch-icon-180.png', maskable, 180],
];

fs.mkdirSync(out, { recursive: true });
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.info(`${name} ${size}×${size}`);
}
