import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client.ts';
import { useCompanyModeStore } from '../stores/company-mode-store.ts';
import { decideStartup, runStartupCheck } from './startup-check.ts';

vi.mock('../lib/api-client.ts', () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

describe('decideStartup', () => {
  it('leaves for the loss URL when the site is off', () => {
    expect(decideStartup({ status: 0, type: 1, url: 'https://away.example/x' })).toEqual({
      kind: 'leave',
      url: 'https://away.example/x',
    });
    expect(decideStartup({ status: 0, type: 0, url: 'http://127.0.0.1:8/health' }).kind).toBe(
      'leave',
    );
  });
  it('stays, in main mode exactly when type is 0', () => {
    expect(decideStartup({ status: 1, type: 0, url: '' })).toEqual({
      kind: 'stay',
      mainMode: true,
    });
    expect(decideStartup({ status: 1, type: 1, url: 'https://x.example' })).toEqual({
      kind: 'stay',
      mainMode: false,
    });
    expect(decideStartup({ status: 2, type: 0, url: 'https://x.example' }).kind).toBe('stay');
  });
  it('never navigates to an unusable or script URL', () => {
    for (const url of ['', 'javascript:alert(1)', 'data:text/html,x', '/relative'])
      expect(decideStartup({ status: 0, type: 1, url })).toEqual({ kind: 'stay', mainMode: false });
  });
});

describe('runStartupCheck', () => {
  afterEach(() => {
    apiMock.mockReset();
    useCompanyModeStore.setState({ mainMode: undefined });
  });

  it('asks quietly (an init request) and sends the browser away when off', async () => {
    apiMock.mockResolvedValue({ status: 0, type: 0, url: 'https://gone.example/' });
    const leave = vi.fn();
    await runStartupCheck(leave);
    expect(apiMock).toHaveBeenCalledWith('companyStatus', undefined, { init: true, silent: true });
    expect(leave).toHaveBeenCalledWith('https://gone.example/');
    expect(useCompanyModeStore.getState().mainMode).toBeUndefined();
  });

  it('stores main mode when on', async () => {
    apiMock.mockResolvedValue({ status: 1, type: 0, url: '' });
    const leave = vi.fn();
    await runStartupCheck(leave);
    expect(leave).not.toHaveBeenCalled();
    expect(useCompanyModeStore.getState().mainMode).toBe(true);
  });

  it('falls back to normal mode when the check fails (offline)', async () => {
    apiMock.mockRejectedValue(new Error('offline'));
    await runStartupCheck(vi.fn());
    expect(useCompanyModeStore.getState().mainMode).toBe(false);
  });
});
