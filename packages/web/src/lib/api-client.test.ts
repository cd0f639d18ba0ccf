import { describe, expect, it } from 'vitest';
import { postBody } from './api-client.ts';

describe('postBody', () => {
  it('posts flat fields as a form', () => {
    const { body, contentType } = postBody({ listed: 1, note: 'a b', none: undefined });
    expect(contentType).toBeUndefined();
    expect(String(body)).toBe('listed=1&note=a+b');
  });

  it('posts JSON when a field nests an object, which a form cannot carry', () => {
    const fields = { endpoint: 'https://push.example/1', keys: { p256dh: 'k', auth: 'a' } };
    const { body, contentType } = postBody(fields);
    expect(contentType).toBe('application/json');
    expect(JSON.parse(String(body))).toEqual(fields);
  });
});
