// The whole platform as `npm start` serves it (SQLite in a fresh folder, the simulated
// market, the built web app), in a process of its own so that a benchmark's own work (e.g.
// Lighthouse's trace processing) never stalls the server it measures. Prints its base URL.
import { startPlatform } from '../e2e/support/platform.ts';

// Tuesday 2026-11-03 10:00 New York, then real time: every market open.
const platform = await startPlatform({ at: Date.UTC(2026, 10, 3, 15, 0) });
process.stdout.write(`${platform.baseUrl}\n`);
process.on('SIGTERM', async () => {
  await platform.stop();
  process.exit(0);
});
