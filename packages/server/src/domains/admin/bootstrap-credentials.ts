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

/** The e-mail and password the file holds, or undefined when there is none (or it was edited). */
export async function readBootstrapCredentials(
  dataDir: string,
): Promise<{ email: string; password: string } | undefined> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dataDir, 'admin-credentials.txt'), 'utf8');
  } catch {
    return undefined;
  }
  const email = /^email: (.+)$/m.exec(text)?.[1];
  const password = /^password: (.+)$/m.exec(text)?.[1];
  return email && password ? { email, password } : undefined;
}

/**
 * Removes the file once the operator it names has chosen a password of their own (issue 37):
 * a password that no longer opens anything must not lie about on disk, and one that still
 * did would be a second copy of a secret. Another operator's change leaves it alone.
 */
export async function forgetBootstrapCredentials(dataDir: string, email: string): Promise<void> {
  const file = path.join(dataDir, 'admin-credentials.txt');
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    return; // Deleted by hand already, or never written (ADMIN_PASSWORD set).
  }
  if (/^email: (.+)$/m.exec(text)?.[1] === email) await fs.rm(file, { force: true });
}
