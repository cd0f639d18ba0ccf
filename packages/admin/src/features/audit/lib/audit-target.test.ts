import { describe, expect, it } from 'vitest';
import { auditTarget } from './audit-target.ts';

describe('auditTarget', () => {
  it('names a trader by the public UID, not the internal id', () => {
    expect(auditTarget({ target_type: 'user', target_id: '6', target_uid: '8270416' })).toBe(
      'user UID 8270416',
    );
  });

  it('names anything else by its type and id', () => {
    expect(auditTarget({ target_type: 'withdrawal', target_id: '31', target_uid: null })).toBe(
      'withdrawal #31',
    );
    expect(auditTarget({ target_type: '', target_id: '', target_uid: null })).toBe('—');
  });
});
