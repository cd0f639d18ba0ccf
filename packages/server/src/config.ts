import os from 'node:os';
import path from 'node:path';
import { OPERATOR_PASSWORD_MIN, PASSWORD_MAX } from '@tradedesk/contract';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const decimalString = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'a decimal amount such as 100000');

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// or postgresql:// URL')
    .optional(),
  /** Bearer token for GET /metrics; without one, only loopback requests get an answer. */
  METRICS_TOKEN: z.string().min(16).max(200).optional(),
  /** How long shutdown waits for requests in flight before closing anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** How long start-up waits for the database to answer before giving up. */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** redis:// — rate limits counted in Redis, shared by every node of a deployment. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')
    .optional(),
  /** Prefixes every Redis key and channel of this deployment (several on one Redis). */
  REDIS_PREFIX: z.string().max(100).default('td:'),
  /** This node's name in a scale-out deployment (leases, presence, logs); default host-pid. */
  NODE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, dot, dash or underscore (1–64)')
    .optional(),
  /** Engine partitions accounts hash onto (scale-out); every node of a deployment agrees. */
  PARTITIONS: z.coerce.number().int().min(1).max(1024).default(16),
  /** How long a node's lease (feed, partition) lasts without renewal: the takeover bound. */
  LEASE_TTL_MS: z.coerce.number().int().min(500).max(600_000).default(5000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().min(3).default('TradeDesk <no-reply@tradedesk.local>'),
  /** Who runs this server, for push services (VAPID `sub`): a mailto: or https: URL. */
  PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'a mailto: or https:// URL')
    .optional(),
  /**
   * Push services beyond the browsers' own (FCM, Mozilla, Apple, Windows) that devices may
   * subscribe with: comma-separated origins, e.g. a self-hosted service (tests: a local one).
   */
  PUSH_SERVICE_ORIGINS: z.string().default(''),
  /** A PEM file of certificates to trust for push services besides the public ones. */
  PUSH_CA_FILE: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  DEMO_START_BALANCE: decimalString.default('100000'),
  /** scrypt cost exponent: N = 2^this. 15 → 32 MiB and ~60 ms per hash. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  WEB_DIST: z.string().optional(),
  /** The built back office (packages/admin/dist), served at /admin/. */
  ADMIN_DIST: z.string().optional(),
  /** The simulator's seed: the same seed, the same market. */
  FEED_SEED: z.coerce.number().int().min(0).max(4_294_967_295).default(20_261_122),
  /** Margin level, in whole percent, below which positions are stopped out (ESMA: "less than"). */
  STOP_OUT_LEVEL: z.coerce.number().int().min(1).max(1000).default(50),
  /**
   * Margin level, in whole percent, below which an account is in margin call: shown red, its
   * trader told once per crossing (issue 40). Above STOP_OUT_LEVEL.
   */
  MARGIN_CALL_LEVEL: z.coerce.number().int().min(1).max(1000).default(100),
  /** Open positions + pending orders one account may hold at once. */
  MAX_OPEN_ORDERS: z.coerce.number().int().min(1).max(100_000).default(200),
  /** Pending orders one account may hold at once (they count in MAX_OPEN_ORDERS too). */
  MAX_PENDING_ORDERS: z.coerce.number().int().min(1).max(100_000).default(100),
  /**
   * The owner operator start-up guarantees (both or neither). The password follows every
   * operator's rule (issue 37): OPERATOR_PASSWORD_MIN characters at least.
   */
  ADMIN_EMAIL: z.string().trim().max(254).optional(),
  ADMIN_PASSWORD: z
    .string()
    .refine((p) => Array.from(p).length >= OPERATOR_PASSWORD_MIN, {
      message: `at least ${OPERATOR_PASSWORD_MIN} characters`,
    })
    .refine((p) => p.length <= PASSWORD_MAX, { message: `at most ${PASSWORD_MAX} characters` })
    .optional(),
  /** Every operator must enrol TOTP two-factor before doing anything else. */
  ADMIN_REQUIRE_2FA: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Largest image upload, in MB. */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(50).default(10),
  /** http(s)://KEY:SECRET@host:port/bucket[/prefix]?region= — uploads in S3-compatible storage. */
  S3_URL: z
    .string()
    .regex(/^https?:\/\//, 'an http:// or https:// URL with credentials and a bucket')
    .optional(),
  /** Hours after binding before a withdrawal method may be paid to (a stolen session's delay). */
  WITHDRAW_COOLING_HOURS: z.coerce.number().min(0).max(720).default(24),
  /**
   * A withdrawal needs a second operator's approval when the account's withdrawals waiting or
   * approved within 24 hours, itself included, reach this many USD.
   */
  WITHDRAW_FOUR_EYES_USD: decimalString.default('10000'),
  /** USD one account may request in withdrawals within any 24 hours (rejected ones not counted). */
  WITHDRAW_DAILY_LIMIT_USD: decimalString.default('50000'),
  /**
   * A deposit credit needs a second operator's approval when it, with the account's credits of
   * the last 24 hours, reaches this many USD (a made-up deposit is not credited on one word).
   */
  DEPOSIT_FOUR_EYES_USD: decimalString.default('10000'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * WebSockets one client address may hold open on each socket path (/v1/ws, /admin/ws) of a
   * node; past it an upgrade is answered 429. An app holds one socket per tab, so 50 leaves
   * room for an office or a carrier's NAT; the address is X-Forwarded-For's under TRUST_PROXY.
   */
  MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  /**
   * SQLite's fsync policy. FULL (the default) fsyncs every commit: an acknowledged order
   * survives a power loss. NORMAL fsyncs only at checkpoints — a crash of the process loses
   * nothing, a power loss may lose the last commits; it exists to measure what FULL costs and
   * for the power-loss test to show the difference, not for a broker's money.
   */
  SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('FULL'),
  /** Strategy bots trading as real accounts (issue 12); by default on without DATABASE_URL. */
  SAMPLE_TRADERS: z.enum(['true', 'false']).optional(),
});

/** "TradeDesk <no-reply@x>" → "no-reply@x". */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  sqlitePath: string;
  sqliteSynchronous: 'FULL' | 'NORMAL';
  uploadsDir: string;
  outboxPath: string;
  databaseUrl: string | undefined;
  /** Bearer token for /metrics (Prometheus); undefined: loopback only. */
  metricsToken: string | undefined;
  /** Shutdown lets requests in flight finish for this long. */
  shutdownGraceMs: number;
  /** Start-up waits this long for the database (PostgreSQL starting, failing over). */
  databaseWaitMs: number;
  redisUrl: string | undefined;
  redisPrefix: string;
  /**
   * Scale-out (issue 28): with both DATABASE_URL and REDIS_URL the node joins a cluster —
   * Redis bus and presence, leased feed and engine partitions. Otherwise the embedded default.
   */
  cluster: { nodeId: string; partitions: number; leaseTtlMs: number } | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** VAPID subject: PUSH_SUBJECT, else mailto: SMTP_FROM's address. */
  pushSubject: string;
  /** Origins of push services allowed besides the browsers' own. */
  pushServiceOrigins: string[];
  /** Certificates (PEM) trusted for push services besides the public roots. */
  pushCaFile: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  demoStartBalance: string;
  passwordHashCost: number;
  webDist: string;
  adminDist: string;
  trustProxy: boolean;
  /** WebSockets one client address may hold open per socket path and node. */
  maxSocketsPerAddress: number;
  feedSeed: number;
  /** Stop-out margin level as a ratio at 10^-4 (the engine's RATIO_SCALE): 50 % → 5000n. */
  stopOutLevel: bigint;
  /** Margin call level as a ratio at 10^-4: 100 % → 10 000n. */
  marginCallLevel: bigint;
  maxOpenOrders: number;
  maxPendingOrders: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  adminRequireTwoFactor: boolean;
  uploadMaxBytes: number;
  s3Url: string | undefined;
  /** Withdrawal rules (issue 11): cooling-off of a new method, four eyes, daily limit. */
  withdrawals: { coolingHours: number; fourEyesUsd: string; dailyLimitUsd: string };
  /** Deposit rules (issue 24): credits from this many USD in 24 hours need two operators. */
  deposits: { fourEyesUsd: string };
  /** The embedded default's sample traders (bots replaying three weeks, then trading live). */
  sampleTraders: boolean;
}

export class ConfigError extends Error {}

/**
 * Reads configuration from the environment and refuses to start on anything invalid,
 * naming every bad variable at once.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `  ${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(present[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if ((c.ADMIN_EMAIL === undefined) !== (c.ADMIN_PASSWORD === undefined))
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD: set both, or neither',
    );
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir,
    sqlitePath: path.join(dataDir, 'app.db'),
    sqliteSynchronous: c.SQLITE_SYNCHRONOUS,
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxPath: path.join(dataDir, 'outbox.jsonl'),
    databaseUrl: c.DATABASE_URL,
    databaseWaitMs: c.DATABASE_WAIT_SECONDS * 1000,
    shutdownGraceMs: c.SHUTDOWN_GRACE_MS,
    metricsToken: c.METRICS_TOKEN,
    redisUrl: c.REDIS_URL,
    redisPrefix: c.REDIS_PREFIX,
    cluster:
      c.DATABASE_URL && c.REDIS_URL
        ? {
            nodeId: c.NODE_ID ?? `${os.hostname()}-${process.pid}`,
            partitions: c.PARTITIONS,
            leaseTtlMs: c.LEASE_TTL_MS,
          }
        : undefined,
    smtpUrl: c.SMTP_URL,
    smtpFrom: c.SMTP_FROM,
    pushSubject: c.PUSH_SUBJECT ?? `mailto:${addressOf(c.SMTP_FROM)}`,
    pushServiceOrigins: c.PUSH_SERVICE_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
    pushCaFile: c.PUSH_CA_FILE,
    logLevel: c.LOG_LEVEL,
    demoStartBalance: c.DEMO_START_BALANCE,
    passwordHashCost: c.PASSWORD_HASH_COST,
    webDist: path.resolve(c.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    adminDist: path.resolve(c.ADMIN_DIST ?? new URL('../../admin/dist', import.meta.url).pathname),
    trustProxy: c.TRUST_PROXY,
    maxSocketsPerAddress: c.MAX_SOCKETS_PER_ADDRESS,
    feedSeed: c.FEED_SEED,
    stopOutLevel: BigInt(c.STOP_OUT_LEVEL) * 100n,
    marginCallLevel: BigInt(c.MARGIN_CALL_LEVEL) * 100n,
    maxOpenOrders: c.MAX_OPEN_ORDERS,
    maxPendingOrders: c.MAX_PENDING_ORDERS,
    adminEmail: c.ADMIN_EMAIL,
    adminPassword: c.ADMIN_PASSWORD,
    adminRequireTwoFactor: c.ADMIN_REQUIRE_2FA,
    uploadMaxBytes: c.UPLOAD_MAX_MB * 1_048_576,
    s3Url: c.S3_URL,
    withdrawals: {
      coolingHours: c.WITHDRAW_COOLING_HOURS,
      fourEyesUsd: c.WITHDRAW_FOUR_EYES_USD,
      dailyLimitUsd: c.WITHDRAW_DAILY_LIMIT_USD,
    },
    deposits: { fourEyesUsd: c.DEPOSIT_FOUR_EYES_USD },
    sampleTraders: c.SAMPLE_TRADERS ? c.SAMPLE_TRADERS === 'true' : !c.DATABASE_URL,
  };
}
