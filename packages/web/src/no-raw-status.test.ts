// @vitest-environment node
/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rawStatusComparisons } from '../../../scripts/checks/raw-statuses.ts';

// Issue 38: "No raw statuses". A lifecycle status is read through its named table
// (ORDER_STATUSES.history, COPY_STATUS.stopped, MARKET_STATUSES.open, SOCKET_STATES.open …),
// never as a bare 3 or 'stopped': a bare value says nothing of which state it is, and survives
// a renumbering.

const SRC = fileURLToPath(new URL('.', import.meta.url));
const REPO = path.resolve(SRC, '../../..');

/** Every web source file; tests are exempt (a fixture states its statuses). */
function webSources(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(SRC, file))
    .sort();
}

describe('no raw statuses in the web app', () => {
  it('compares statuses only with the named values of a lifecycle table', () => {
    const files = webSources();
    // A wrong root would find nothing and pass: make sure it read the order card.
    expect(files).toContain(path.join(SRC, 'features/trade/components/order-card.tsx'));
    const raw = files.flatMap((file) =>
      rawStatusComparisons(file, readFileSync(file, 'utf8')).map(
        (found) => `${path.relative(REPO, file)}:${found}`,
      ),
    );
    expect(raw).toEqual([]);
  });
});

describe('rawStatusComparisons', () => {
  // The forms the old code had (order.Status === 3, copy.status !== 'stopped', a socket's
  // state, a market's MarketStatus), each beside its named form, which passes.
  const FIXTURE = `const a = order.Status === 3;
const b = 'stopped' !== copy.status;
const c = instrument.MarketStatus == 1;
const d = (socket.state) != \`open\`;
switch (complaint.status) {
  case 1:
    break;
  case COMPLAINT_STATUSES.received:
    break;
}
const e = order.Status === ORDER_STATUSES.history;
const f = error.code === 404;
const g = props.instrument?.MarketStatus !== -1;
const h = copy.status === COPY_STATUS.active;
const i = document.readyState === DOCUMENT_STATES.complete;
switch (schedule.kind) {
  case 'week':
    break;
}
const el = <Tag color={complaint.status === 1 ? 'success' : 'primary'} />;
`;

  it('finds ===, !==, ==, != and case with a bare value, either side, in TSX; not named values', () => {
    expect(rawStatusComparisons('fixture.tsx', FIXTURE)).toEqual([
      '1: order.Status === 3',
      "2: 'stopped' !== copy.status",
      '3: instrument.MarketStatus == 1',
      '4: (socket.state) != `open`',
      '6: case 1:',
      '13: props.instrument?.MarketStatus !== -1',
      '20: complaint.status === 1',
    ]);
  });
});
