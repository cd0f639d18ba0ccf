import autocannon from 'autocannon';

export const CONNECTIONS = 32;
export const SECONDS = 10;

/**
 * Before a measured run: long enough for every user's first order (which loads the account
 * into the server's memory) and for each database connection to prepare its statements.
 */
export const WARM_UP_SECONDS = 2;

/**
 * Market orders POSTed to `/v1/api/forex/submit` for `seconds` over CONNECTIONS connections,
 * taking the users' prepared bodies in turn. `onBody` sees every answer's body.
 */
export function submitLoad(
  url: string,
  bodies: readonly { token: string; body: string }[],
  onBody?: (body: Buffer) => void,
  seconds = SECONDS,
) {
  let next = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    ...(onBody && { setupClient: (client) => client.on('body', onBody) }),
    requests: [
      {
        method: 'POST',
        path: '/v1/api/forex/submit',
        setupRequest: (request) => {
          const { token, body } = bodies[next++ % bodies.length]!;
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: token, lang: 'en' },
            body,
          };
        },
      },
    ],
  });
}
