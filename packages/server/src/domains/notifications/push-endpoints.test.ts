import { describe, expect, it } from 'vitest';
import { isPushServiceEndpoint } from './push-endpoints.ts';

describe('push endpoints the server posts to', () => {
  it("takes the browsers' push services over https", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGu0',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
    ])
      expect(isPushServiceEndpoint(endpoint, [])).toBe(true);
  });

  it('refuses any other address: plain http, other hosts, look-alikes, ports, credentials', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/push',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://fcm.googleapis.com:8443/x',
      'https://user:pw@fcm.googleapis.com/x',
      'not a url',
    ])
      expect(isPushServiceEndpoint(endpoint, [])).toBe(false);
  });

  it('takes an origin the operator added, and only that origin', () => {
    const extra = ['http://127.0.0.1:9000'];
    expect(isPushServiceEndpoint('http://127.0.0.1:9000/push/1', extra)).toBe(true);
    expect(isPushServiceEndpoint('http://127.0.0.1:9001/push/1', extra)).toBe(false);
  });
});
