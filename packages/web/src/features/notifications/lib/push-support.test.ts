import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, pushStateOf } from './push-support.ts';

describe('base64UrlToBytes', () => {
  it('reads base64url without padding, with - and _ for + and /', () => {
    // 0xfb 0xff 0xbf is "+/+/" in base64 and "-_-_" in base64url.
    expect([...base64UrlToBytes('-_-_')]).toEqual([0xfb, 0xff, 0xbf]);
    expect([...base64UrlToBytes('AQID')]).toEqual([1, 2, 3]);
    expect([...base64UrlToBytes('AQIDBA')]).toEqual([1, 2, 3, 4]);
    expect([...base64UrlToBytes('AQIDBAU')]).toEqual([1, 2, 3, 4, 5]);
  });

  it('gives the 65 bytes of a P-256 public key, starting 0x04 (uncompressed)', () => {
    const key =
      'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
    const bytes = base64UrlToBytes(key);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(0x04);
  });
});

describe('pushStateOf', () => {
  const device = { supported: true, permission: 'granted' as const, subscribed: true };

  it('is on only with permission and a subscription', () => {
    expect(pushStateOf(device)).toBe('on');
    expect(pushStateOf({ ...device, subscribed: false })).toBe('off');
    expect(pushStateOf({ ...device, permission: 'default' })).toBe('off');
  });

  it('says blocked when the browser denies, even with a subscription left', () => {
    expect(pushStateOf({ ...device, permission: 'denied' })).toBe('blocked');
  });

  it('says unsupported before anything else', () => {
    expect(pushStateOf({ ...device, supported: false, permission: 'denied' })).toBe('unsupported');
  });
});
