import type { Page } from 'playwright-core';

/**
 * Calls the API from inside the page, with the session the app stored: a GET (with a
 * cache-busting stamp) without a body, a JSON POST with one. Answers the whole envelope.
 */
export async function callFromPage(page: Page, url: string, body?: object): Promise<any> {
  return page.evaluate(
    async ({ url, body }) => {
      const session = JSON.parse(localStorage.getItem('tradedesk.session') ?? '{}');
      const stamped = `${url}${url.includes('?') ? '&' : '?'}t=${Date.now()}`;
      const response = await fetch(body ? url : stamped, {
        method: body ? 'POST' : 'GET',
        headers: {
          authorization: session.state?.token ?? '',
          lang: 'en',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return response.json();
    },
    { url, body },
  );
}

/** Text as read, without the bidi isolation marks Arabic puts around figures. */
export const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '').trim();
