/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rawStatusComparisons } from '../../../scripts/checks/raw-statuses.ts';

// Issue 38: "No raw statuses". A lifecycle status is read through its named table
// (DEPOSIT_STATUSES.unchecked, COMPLAINT_STATUSES.handled, COPY_STATUS.stopped …), never as a
// bare 1 or 'stopped': a bare value says nothing of which state it is, and survives a
// renumbering. The scanner is shared with the web app (scripts/checks/raw-statuses.ts).

const SRC = fileURLToPath(new URL('.', import.meta.url));
const REPO = path.resolve(SRC, '../../..');

/** Every back-office source file; tests are exempt (a fixture states its statuses). */
function adminSources(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(SRC, file))
    .sort();
}

describe('no raw statuses in the back office', () => {
  it('compares statuses only with the named values of a lifecycle table', () => {
    const files = adminSources();
    // A wrong root would find nothing and pass: make sure it read the review pages.
    expect(files).toContain(path.join(SRC, 'features/funding/lib/review-actions.ts'));
    const raw = files.flatMap((file) =>
      rawStatusComparisons(file, readFileSync(file, 'utf8')).map(
        (found) => `${path.relative(REPO, file)}:${found}`,
      ),
    );
    expect(raw).toEqual([]);
  });
});
