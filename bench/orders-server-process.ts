// The order benches' server (orders-server.ts) in a process of its own: started, its port
// read from its first line, and stopped. Shared by orders.bench.ts and positions-held.bench.ts.
import { type ChildProcess, spawn } from 'node:child_process';

export async function startServer(
  mode: 'platform' | 'trivial',
  env: Record<string, string> = {},
): Promise<{ port: number; child: ChildProcess }> {
  // BENCH_PROFILE=dir writes the platform server's CPU profile there (where the time goes).
  const profile =
    process.env.BENCH_PROFILE && mode === 'platform'
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', 'bench/orders-server.ts', mode],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  // A bench that fails half-way must not leave its server running.
  process.once('exit', () => child.kill('SIGKILL'));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (data) => resolve(Number(String(data).trim())));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  return { port, child };
}

export async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
