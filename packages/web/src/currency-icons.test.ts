import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * antd-mobile-icons' money icons draw "¥" (seen on screen: deposit, withdraw, wallet, records),
 * the wrong currency on a USD platform. components/ui/usd-circle-outline.tsx draws "$" instead,
 * and neutral icons (DownlandOutline, UploadOutline, FileOutline) serve the rest.
 */
const YEN_ICONS = [
  'BillOutline',
  'HandPayCircleOutline',
  'PayCircleOutline',
  'ReceiptOutline',
  'ReceivePaymentOutline',
];

const here = path.dirname(new URL(import.meta.url).pathname);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The names a file imports from antd-mobile-icons. */
function iconImports(text: string): string[] {
  return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd-mobile-icons'/g)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map((name) => name.trim().split(/\s+as\s+/)[0] ?? '')
      .filter(Boolean),
  );
}

describe('currency icons', () => {
  const files = [...sourceFiles(here), ...sourceFiles(path.join(here, '../../admin/src'))].map(
    (file) => ({ file: path.relative(here, file), text: fs.readFileSync(file, 'utf8') }),
  );

  it('reads the web and back-office sources, icons included', () => {
    expect(files.length).toBeGreaterThan(100);
    const imported = files.flatMap(({ text }) => iconImports(text));
    expect(imported).toContain('GlobalOutline');
    expect(iconImports("import { A, B as C } from 'antd-mobile-icons';")).toEqual(['A', 'B']);
  });

  it('no screen uses an icon that shows "¥"', () => {
    const yen = files.flatMap(({ file, text }) =>
      iconImports(text)
        .filter((name) => YEN_ICONS.includes(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(yen).toEqual([]);
  });
});
