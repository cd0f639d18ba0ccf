import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('defaults to the embedded deployment on port 8080 with ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      sqlitePath: path.resolve('data/app.db'),
      outboxPath: path.resolve('data/outbox.jsonl'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      logLevel: 'info',
      demoStartBalance: '100000',
    });
  });

  it('names every invalid variable at once', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('LOG_LEVEL');
    }
  });

  it('reads the four-eyes amounts of withdrawals and deposits, 10 000 USD unless set', () => {
    expect(loadConfig({})).toMatchObject({
      withdrawals: { fourEyesUsd: '10000' },
      deposits: { fourEyesUsd: '10000' },
    });
    expect(
      loadConfig({ DEPOSIT_FOUR_EYES_USD: '2500.5', WITHDRAW_FOUR_EYES_USD: '3000' }),
    ).toMatchObject({ withdrawals: { fourEyesUsd: '3000' }, deposits: { fourEyesUsd: '2500.5' } });
    for (const bad of ['-1', '1e6', '10,000', '0.0000001'])
      expect(() => loadConfig({ DEPOSIT_FOUR_EYES_USD: bad }), bad).toThrow(
        /DEPOSIT_FOUR_EYES_USD/,
      );
  });

  it("holds ADMIN_PASSWORD to an operator's 12 characters (issue 37)", () => {
    const owner = (password: string) =>
      loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: password });
    expect(() => owner('eleven-char')).toThrow(/ADMIN_PASSWORD.*at least 12 characters/);
    expect(owner('twelve-chars').adminPassword).toBe('twelve-chars');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(8080);
  });
});
