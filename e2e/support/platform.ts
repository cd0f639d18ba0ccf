import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@tradedesk/server';
import { loadConfig } from '../../packages/server/src/config.ts';
import type { Store } from '../../packages/server/src/platform/db/database.ts';
import { withHandles } from '../../packages/server/src/testing/app-handles.ts';
import { replaceGeneratedPassword } from './back-office.ts';
import { createSteeredMarket, type SteeredMarket } from './steered-market.ts';

export interface RunningPlatform {
  baseUrl: string;
  dataDir: string;
  /** The platform's database (tests plant what they cannot read off a screen, e.g. a captcha's answer). */
  store: Store;
  /** With `steered`: the market the journey moves (see steered-market.ts). */
  market?: SteeredMarket;
  /** The newest verification code written to the outbox for `to`. */
  lastCode(to: string): string;
  stop(): Promise<void>;
}

/**
 * The whole platform as `npm start` runs it (SQLite in a fresh data folder, outbox, the
 * simulated market, the built web app), listening on 127.0.0.1 at a free port. The first
 * owner has replaced the generated password, as the back office makes them at their first
 * login, unless `generatedOwner` keeps it for a journey about that login.
 */
export async function startPlatform(
  options: {
    at?: number;
    env?: Record<string, string>;
    generatedOwner?: boolean;
    /** The simulated market with instruments the journey can take over and quote itself. */
    steered?: boolean;
  } = {},
): Promise<RunningPlatform> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-e2e-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    ...options.env,
  });
  if (!fs.existsSync(path.join(config.webDist, 'index.html'))) {
    throw new Error(`The web app is not built at ${config.webDist}: run npm run build`);
  }
  // The platform's clock may start at a chosen instant (a weekday, so that every market is
  // open) and then runs in real time.
  const offset = options.at === undefined ? 0 : options.at - Date.now();
  const now = () => Date.now() + offset;
  const steered = options.steered ? createSteeredMarket() : undefined;
  const built = withHandles(
    await buildApp({ config, now, ...(steered ? { market: { feed: steered.feed } } : {}) }),
  );
  const { app, store } = built;
  if (steered) {
    if (!built.market) throw new Error('the app has no market to steer');
    steered.attach(built.market, config.feedSeed, now);
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const outboxPath = config.outboxPath;
  const baseUrl = `http://127.0.0.1:${port}`;
  const generated = fs.existsSync(path.join(dataDir, 'admin-credentials.txt'));
  if (generated && !options.generatedOwner) await replaceGeneratedPassword(baseUrl, dataDir);
  return {
    baseUrl,
    dataDir,
    store,
    ...(steered ? { market: steered } : {}),
    lastCode(to) {
      const lines = fs.existsSync(outboxPath)
        ? fs.readFileSync(outboxPath, 'utf8').split('\n').filter(Boolean)
        : [];
      const line = lines
        .map((l) => JSON.parse(l))
        .filter((l) => l.to === to)
        .at(-1);
      if (!line) throw new Error(`no code in the outbox for ${to}`);
      return line.code as string;
    },
    async stop() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
