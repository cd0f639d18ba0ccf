import { Writable } from 'node:stream';
import { RESULT_CODES } from '@tradedesk/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { installErrorHandling } from './error-handler.ts';

describe('AppError', () => {
  it('cannot be made without the variables its message needs (checked by tsc)', () => {
    // @ts-expect-error AMOUNT_INVALID's message says "at most {decimals} decimals".
    const bare = new AppError('AMOUNT_INVALID');
    // @ts-expect-error a variable of another message does not stand in for {decimals}.
    const other = new AppError('AMOUNT_INVALID', { max: 2 });
    // @ts-expect-error COPY_TAKE_BACK_TOO_MUCH needs {min} as well as {available}.
    const half = new AppError('COPY_TAKE_BACK_TOO_MUCH', { available: 10 });
    expect([bare.vars, other.vars, half.vars]).toEqual([{}, { max: 2 }, { available: 10 }]);
    expect(new AppError('AMOUNT_INVALID', { decimals: 6 }).vars).toEqual({ decimals: 6 });
    expect(new AppError('COPY_STATE').vars).toEqual({});
    expect(new AppError('FOUR_EYES_REQUIRED', {}, { id: 1 }).data).toEqual({ id: 1 });
  });

  it('answers a refusal that lacks a variable without braces, and logs what it lacks', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        level: 'error',
        stream: new Writable({
          write(chunk, _encoding, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      },
    });
    installErrorHandling(app);
    // A result named at run time (as a schema issue names one) is the only way to lack one.
    app.get('/refuse', () => {
      throw AppError.named('INSUFFICIENT_FUNDS', {});
    });
    try {
      for (const [lang, text] of [
        ['en', 'Not enough funds: at most … USD can be withdrawn now'],
        ['de', 'Nicht genügend Guthaben: Derzeit können höchstens … USD ausgezahlt werden'],
      ]) {
        const answer = (await app.inject({ url: '/refuse', headers: { lang } })).json();
        expect(answer).toEqual({
          code: RESULT_CODES.INSUFFICIENT_FUNDS.code,
          msg: text,
          data: null,
        });
      }
      const logged = lines.map((line) => JSON.parse(line));
      expect(logged).toEqual([
        expect.objectContaining({ result: 'INSUFFICIENT_FUNDS', missing: ['available'] }),
        expect.objectContaining({ result: 'INSUFFICIENT_FUNDS', missing: ['available'] }),
      ]);
    } finally {
      await app.close();
    }
  });
});
