/** The back office owner made on the first start: what its one-time banner shows. */
export interface BootstrappedOwner {
  email: string;
  password: string;
  /** DATA_DIR/admin-credentials.txt, which keeps them until deleted. */
  file: string;
}

/**
 * The first start's owner credentials as a plain block of text, not a JSON log line (issue 25:
 * the password was a field among structured log lines, easy to miss and shipped to every log
 * collector). Printed once, on the terminal that started the server; the log line names the
 * file, not the password.
 */
export function ownerBanner(owner: BootstrappedOwner, backOfficeUrl: string): string {
  const lines = [
    'TradeDesk back office: first owner created',
    '',
    `  open      ${backOfficeUrl}`,
    `  e-mail    ${owner.email}`,
    `  password  ${owner.password}`,
    '',
    'Shown once. Sign in and change the password; it is also in',
    `  ${owner.file}`,
    '(readable by this user only) until you delete that file.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return [rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule].join('\n');
}
