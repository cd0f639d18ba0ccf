import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { SentCall } from './render-as-operator.tsx';

/** A refusal the desk answers before anything else, or undefined to let the call through. */
export type Refuse = (call: SentCall) => { code: number; msg: string } | undefined;

/**
 * The server of a review queue's page tests: the rows of each status at `GET <path>?status=`,
 * and `POST <path>/<id>/<decision>` moving a row on through `decide` — unless `refuse`
 * answers the call with a refusal first. Anything else is a call the page should not make.
 */
export function reviewDesk<Row>(options: {
  path: string;
  rows: Row[];
  idOf: (row: Row) => number;
  statusOf: (row: Row) => number;
  decide: (row: Row, decision: string, body: Record<string, unknown>) => void;
  refuse?: Refuse;
}) {
  const { path, rows } = options;
  const escaped = path.replace(/\//g, '\\/');
  const listed = new RegExp(`^${escaped}\\?(.*)$`);
  const decided = new RegExp(`^${escaped}\\/(\\d+)\\/([a-z]+)$`);
  return (call: SentCall) => {
    const refusal = options.refuse?.(call);
    if (refusal) return refusal;
    const list = listed.exec(call.path);
    if (list) {
      const status = Number(new URLSearchParams(list[1]).get('status'));
      const data = rows.filter((row) => options.statusOf(row) === status);
      return { code: 1, data: { data, total: data.length } };
    }
    const decision = decided.exec(call.path);
    const row = rows.find((r) => options.idOf(r) === Number(decision?.[1]));
    if (!decision?.[2] || !row) throw new Error(`unexpected call ${call.method} ${call.path}`);
    options.decide(row, decision[2], (call.body ?? {}) as Record<string, unknown>);
    return { code: 1, data: row };
  };
}

/** The decisions a page sent, and the list reads of one queue. */
export const decisions = (calls: SentCall[]) => calls.filter((c) => c.method === 'POST');
export const listCalls = (calls: SentCall[], path: string) =>
  calls.filter((c) => c.path.startsWith(`${path}?`));

/** The open dialog (or drawer) under a title. */
export async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title);
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

/**
 * Each test on a fresh screen; a remark's or reason's text field measures itself on resize,
 * and jsdom has no layout to observe.
 */
export function withReviewScreen(): void {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
