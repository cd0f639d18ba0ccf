import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every overlay the app opens closes on the phone's Back (back-closes-overlay.ts): a popup,
 * picker or drawer component calls useBackCloses, and imperative dialogs go through
 * lib/dialogs.ts. A new sheet that forgets would leave its page on Back again.
 */
const SOURCE = path.resolve(import.meta.dirname, '..');
const OVERLAYS = /<(Popup|CenterPopup|Picker|ActionSheet|Modal|ImageViewer|CascadePicker)\b/;
const IMPERATIVE = /\b(Dialog|Modal|ActionSheet|ImageViewer)\.(show|confirm|alert)\(/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('every overlay closes on Back', () => {
  const files = sources(SOURCE).map((file) => ({
    name: path.relative(SOURCE, file),
    text: fs.readFileSync(file, 'utf8'),
  }));

  it('finds the overlays it checks', () => {
    expect(files.filter((f) => OVERLAYS.test(f.text)).length).toBeGreaterThan(5);
  });

  it('gives every rendered popup and picker a Back handler', () => {
    const missing = files
      .filter((f) => OVERLAYS.test(f.text) && !f.text.includes('useBackCloses('))
      .map((f) => f.name);
    expect(missing).toEqual([]);
  });

  it('opens imperative dialogs only through lib/dialogs.ts', () => {
    const direct = files
      .filter((f) => f.name !== path.join('lib', 'dialogs.ts') && IMPERATIVE.test(f.text))
      .map((f) => f.name);
    expect(direct).toEqual([]);
  });
});
