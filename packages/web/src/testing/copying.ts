import { CACHE_BUST_PARAM, type Copy, type LeaderProfile } from '@tradedesk/contract';
import { vi } from 'vitest';

/** A leader's profile as GET /api/follow/detail answers it: the copying tests' fixture. */
export const PROFILE: LeaderProfile = {
  id: 41,
  user: 'le***@***.com',
  sample: true,
  return_rate: 12.34,
  max_drawdown_rate: 8.5,
  risk_score: 4,
  win_rate: 61.9,
  trades: 42,
  avg_holding_ms: 12_000_000,
  followers: 3,
  aum: 1_500,
  demo_followers: 0,
  days: 60,
  since: Date.UTC(2025, 9, 1, 12),
  monthly: [
    { month: '2025-10', return_rate: 5.1 },
    { month: '2025-11', return_rate: -2.25 },
  ],
  instruments: [
    { code: 'EURUSD', trades: 30, share: 71.43 },
    { code: 'XAUUSD', trades: 12, share: 28.57 },
  ],
  positions: [
    {
      code: 'EURUSD',
      side: 1,
      open_price: 1.08513,
      price_precision: 5,
      size_rate: 10.85,
      opened_at: 1,
    },
  ],
  my_copy_id: 0,
  copyable: true,
};

/** A running copy of PROFILE's leader with one mirrored position and one skipped trade. */
export const COPY: Copy = {
  id: 7,
  leader_id: 41,
  leader: 'le***@***.com',
  status: 'active',
  amount: 500,
  equity: 512.5,
  pnl: 12.5,
  pnl_rate: 2.5,
  copy_sl_rate: 40,
  stop_equity: 300,
  returned: 0,
  stop_reason: null,
  created_at: 1,
  stopped_at: null,
  mirrored: 3,
  skipped_count: 1,
  positions: [
    {
      id: 900,
      code: 'EURUSD',
      side: 1,
      lots: 0.05,
      open_price: 1.08513,
      price: 1.08763,
      price_precision: 5,
      pnl: 12.5,
    },
  ],
  skipped: [
    {
      code: 'XAUUSD',
      side: 2,
      leader_lots: 0.01,
      reason: 'below-min-lot',
      at: Date.UTC(2025, 10, 2),
    },
  ],
};

/** One request the app sent: its path, query or form fields, and headers. */
export interface SentRequest {
  method: string;
  path: string;
  fields: Record<string, string>;
  headers: Record<string, string>;
}

/**
 * A fake server for fetch: answers each path from `answers` (data, or a refusal as
 * `{ code, msg }`), 404 otherwise, and records every request for the test to read.
 */
export function fakeServer(answers: Record<string, (request: SentRequest) => unknown>): {
  fetch: typeof fetch;
  sent: SentRequest[];
} {
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://app.test');
    const body = init?.body instanceof URLSearchParams ? init.body : url.searchParams;
    const request: SentRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      fields: Object.fromEntries([...body].filter(([key]) => key !== CACHE_BUST_PARAM)),
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    sent.push(request);
    const answer = answers[url.pathname];
    if (!answer) return Response.json({ code: 404, msg: 'not found', data: null });
    const data = answer(request);
    if (data instanceof Refusal)
      return Response.json({ code: data.code, msg: data.msg, data: null });
    return Response.json({ code: 1, msg: 'ok', data });
  });
  return { fetch: fetchMock, sent };
}

/** What a fakeServer answer returns to refuse a request with a code and message. */
export class Refusal {
  constructor(
    readonly code: number,
    readonly msg: string,
  ) {}
}
