import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = fileURLToPath(new URL('./unsynced-writes.c', import.meta.url));

/**
 * The power-loss shim (unsynced-writes.c) built for this machine: the path of the shared
 * library to put in LD_PRELOAD, or why it cannot be built (no C compiler). Built once per
 * source version into the temp folder.
 */
export function buildUnsyncedWrites(): { library: string } | { missing: string } {
  const source = fs.readFileSync(SOURCE);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const library = path.join(os.tmpdir(), `td-unsynced-writes-${hash}.so`);
  if (fs.existsSync(library)) return { library };
  const partial = `${library}.${process.pid}`;
  try {
    execFileSync('cc', ['-shared', '-fPIC', '-O2', '-o', partial, SOURCE, '-ldl', '-lpthread'], {
      stdio: 'pipe',
    });
  } catch (error) {
    return { missing: `no C compiler could build ${SOURCE}: ${(error as Error).message}` };
  }
  fs.renameSync(partial, library);
  return { library };
}

/** The environment that runs a process with `files` cut as a power loss would cut them. */
export function unsyncedWritesEnv(library: string, files: readonly string[]) {
  return { LD_PRELOAD: library, UNSYNCED_FILES: files.join(':') };
}

/**
 * The files as the disk would hold them after the power went out: each durable copy placed
 * under its own name in `into` (a file never synced is absent, as it would be).
 */
export function recoverDurableCopies(files: readonly string[], into: string): void {
  fs.mkdirSync(into, { recursive: true });
  for (const file of files) {
    const copy = `${file}.durable`;
    if (fs.existsSync(copy)) fs.copyFileSync(copy, path.join(into, path.basename(file)));
  }
}
