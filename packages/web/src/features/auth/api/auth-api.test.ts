import { RESULT_CODES } from '@tradedesk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
// As main.tsx does: the toast of a refused call renders with React 19.
import '../../../lib/antd-react19.ts';
import { loadToast } from '../../../lib/toast.ts';
import { sendCode } from './auth-api.ts';

function answer(envelope: { code: number; msg: string; data: unknown }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(envelope)),
  );
}

const request = { type: 'email', to: 'a@example.com', purpose: 1 } as const;

afterEach(async () => {
  vi.unstubAllGlobals();
  // A refusal shows a toast, which React renders on its own schedule: let it render and go
  // before the test environment is torn down (CI: React ran after `window` was gone).
  const Toast = await loadToast();
  Toast.clear();
  await new Promise((resolve) => setTimeout(resolve, 50));
});

describe('sendCode resolves the seconds before the next code', () => {
  it('60 once the code went out', async () => {
    answer({ code: 1, msg: 'The verification code has been sent', data: null });
    expect(await sendCode(request)).toBe(60);
  });

  it("the server's figure when it refuses a code as too soon", async () => {
    answer({
      code: RESULT_CODES.CODE_TOO_SOON.code,
      msg: 'A code was just sent, please try again in 12 s',
      data: { seconds: 12 },
    });
    expect(await sendCode(request)).toBe(12);
  });

  it('0 after any other refusal: the button is free again', async () => {
    answer({ code: RESULT_CODES.RATE_LIMITED.code, msg: 'Too many attempts', data: null });
    expect(await sendCode(request)).toBe(0);
  });
});
