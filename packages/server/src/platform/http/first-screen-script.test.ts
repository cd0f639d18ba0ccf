import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_SCRIPT } from './security-headers.ts';

const INDEX_HTML = new URL('../../../../web/index.html', import.meta.url);

describe("the app page's inline script", () => {
  it('is the one text the Content-Security-Policy allows by its hash', () => {
    const page = fs.readFileSync(INDEX_HTML, 'utf8');
    const inline = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    expect(FIRST_SCREEN_SCRIPT).toBe(`'sha256-${hash}'`);
  });
});
