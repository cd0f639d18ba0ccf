import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_STATUS_OPTIONS,
  depositStatusLook,
  readDepositStatus,
  readWithdrawalStatus,
  WITHDRAWAL_STATUS_OPTIONS,
} from './statuses.ts';

describe('status filters', () => {
  it('default to the review queue and read only known statuses', () => {
    expect(readDepositStatus('')).toBe(0);
    expect(readDepositStatus('3')).toBe(3);
    expect(readDepositStatus('4')).toBe(0);
    expect(readDepositStatus('1x')).toBe(0);
    expect(readWithdrawalStatus('')).toBe(0);
    expect(readWithdrawalStatus('4')).toBe(4);
    expect(readWithdrawalStatus('5')).toBe(0);
  });

  it('list the queue first', () => {
    expect(DEPOSIT_STATUS_OPTIONS.map((o) => o.value)).toEqual(['0', '1', '2', '3']);
    expect(WITHDRAWAL_STATUS_OPTIONS.map((o) => o.value)).toEqual(['0', '1', '2', '3', '4']);
  });

  it('shows an unknown status plainly', () => {
    expect(depositStatusLook(7).label).toBe('Status 7');
  });
});
