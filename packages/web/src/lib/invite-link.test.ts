import { describe, expect, it } from 'vitest';
import { inviteLink } from './invite-link.ts';

describe('inviteLink', () => {
  it('is origin + /#/register?invite_code=', () => {
    expect(inviteLink('https://m.example.com', 'Y9GAVF')).toBe(
      'https://m.example.com/#/register?invite_code=Y9GAVF',
    );
  });

  it('encodes what would break the query', () => {
    expect(inviteLink('http://localhost:8080', 'A&B=C')).toBe(
      'http://localhost:8080/#/register?invite_code=A%26B%3DC',
    );
  });
});
