import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { ownerBanner } from './domains/admin/owner-banner.ts';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const { app, drain, bootstrappedOwner } = await buildApp({ config });
  let closing = false;
  /**
   * SIGTERM (a deploy, an orchestrator) or SIGINT: stop taking requests, let those in flight
   * answer (at most SHUTDOWN_GRACE_MS), then close — sockets with 1001, the engine idle, the
   * store last — and exit. A second signal exits at once.
   */
  const close = async (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests in flight');
    const unfinished = await drain(config.shutdownGraceMs);
    if (unfinished > 0) app.log.warn({ unfinished }, 'requests still running at the grace limit');
    await app.close();
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  app.log.info(
    { database: config.databaseUrl ? 'postgres' : config.sqlitePath, dataDir: config.dataDir },
    `TradeDesk is running at ${url}`,
  );
  if (bootstrappedOwner) console.info(`\n${ownerBanner(bootstrappedOwner, `${url}/admin/`)}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('TradeDesk failed to start:', error);
  }
  process.exit(1);
});
