import { describe, expect, it } from 'vitest';
import { serviceAction } from './service-link.ts';

const LINK = 'https://chat.example.com/room/42';

describe('serviceAction', () => {
  it('shows the link in a dialog for type 2', () => {
    expect(serviceAction({ service_link: LINK, service_link_type: 2 })).toEqual({
      kind: 'dialog',
      link: LINK,
    });
  });

  it('opens it outside the app for type 3', () => {
    expect(serviceAction({ service_link: ` ${LINK} `, service_link_type: 3 })).toEqual({
      kind: 'external',
      link: LINK,
    });
  });

  it.each([0, 1, 4])('uses the in-app chat for type %i', (type) => {
    expect(serviceAction({ service_link: LINK, service_link_type: type })).toEqual({
      kind: 'chat',
    });
  });

  it('uses the in-app chat without a link, or before the settings arrive', () => {
    expect(serviceAction({ service_link: '  ', service_link_type: 2 })).toEqual({ kind: 'chat' });
    expect(serviceAction({ service_link: '', service_link_type: 3 })).toEqual({ kind: 'chat' });
    expect(serviceAction(undefined)).toEqual({ kind: 'chat' });
  });

  it('never opens a link that is not a web address', () => {
    for (const link of ['javascript:alert(1)', 'data:text/html,hi', 'not a url']) {
      expect(serviceAction({ service_link: link, service_link_type: 3 })).toEqual({
        kind: 'chat',
      });
    }
  });
});
