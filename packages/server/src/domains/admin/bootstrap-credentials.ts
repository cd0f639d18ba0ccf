import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The bootstrap owner's password, written once to DATA_DIR/admin-credentials.txt readable by
 * this user alone (0600): the log line scrolls away, the file stays until it is deleted.
 */
export async function writeBootstrapCredentials(
  dataDir: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const file = path.join(dataDir, 'admin-credentials.txt');
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(
    file,
    `Back office: /admin/\nemail: ${credentials.email}\npassword: ${credentials.password}\n`,
    { mode: 0o600 },
  );
  await fs.chmod(file, 0o600);
  return file;
}
