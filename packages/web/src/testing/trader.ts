import type { User } from '@tradedesk/contract';

/** A logged-in real-account trader as /api/user/info answers it: the web tests' one fixture. */
export const TRADER: User = {
  id: 7,
  uid: '55926381',
  email: 'trader@example.com',
  mobile: null,
  area_id: null,
  is_demo: 0,
  credit_score: 100,
  invite_code: 'Y9GAVF',
};
