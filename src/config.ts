import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';

export type AppEnv = 'development' | 'test' | 'production';

export interface Config {
  readonly env: AppEnv;
  readonly port: number;
  readonly host: string;
  /** Unset: the embedded PGlite database in `dataDir`. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly jwtSecret: string;
  readonly adminPassword: string | undefined;
  readonly corsOrigins: readonly string[];
  readonly logLevel: string;
  /** Where clients reach the service (behind a proxy); unset: the origin each request came to. */
  readonly publicUrl: string | undefined;
  /** Whether this process runs background jobs (imports); JOBS_WORKER=off leaves them to others. */
  readonly jobsWorker: boolean;
  /** How long a Running job's heartbeat may be silent before another process resumes it. */
  readonly jobStaleAfterMs: number;
  /**
   * How often a worker looks for certifications nearing their end to tell their holders (issue 55); the
   * first look is one interval after the start.
   */
  readonly certificateNoticesMs: number;
  /** Rows the employee import applies per transaction (a refused batch is retried row by row). */
  readonly importBatchRows: number;
  /**
   * How long a stop (SIGTERM, SIGINT) may take: the in-flight requests and the jobs' current batches finish
   * within it, or the process is ended all the same (docs/decisions.md, "Shutdown").
   */
  readonly shutdownGraceMs: number;
  /** How many copies of the embedded data folder taken before migrations are kept (0: none are taken). */
  readonly preMigrationCopies: number;
  /** `/metrics` (issue 36): off, on a port of its own, or on the main port behind a bearer token. */
  readonly metrics: MetricsConfig;
  /**
   * Which proxies' forwarding headers are believed (Fastify's `trustProxy`): `false` (the socket's address
   * is the client), a hop count, or a list of addresses and CIDRs.
   */
  readonly trustProxy: TrustProxy;
  /** Mail of the notifications (issue 55). */
  readonly mail: MailConfig;
}

export interface MailConfig {
  /**
   * `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://` (TLS from the start);
   * unset: no mail server, the mails go to the log and the development outbox.
   */
  readonly smtpUrl: string | undefined;
  /** The sender, `Rosters <rosters@example.com>`; required with SMTP_URL. */
  readonly from: string;
  /** The first wait before a mail the server refused for now is tried again; each next wait doubles. */
  readonly retryMs: number;
}

export type TrustProxy = false | number | readonly string[];

export interface MetricsConfig {
  /** `off` (default); `port`: METRICS_HOST:METRICS_PORT; `token`: the main port, bearer METRICS_TOKEN. */
  readonly mode: 'off' | 'port' | 'token';
  readonly port: number;
  readonly host: string;
  /** Required in `token` mode; in `port` mode, required of scrapers when set. */
  readonly token: string | undefined;
}

export class ConfigError extends Error {}

function parsePositive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 100 || n > 3_600_000) {
    throw new ConfigError(`${name} must be a whole number of milliseconds from 100 to 3600000`);
  }
  return n;
}

function parseBatchRows(value: string | undefined): number {
  if (value === undefined || value === '') return 500;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10_000) {
    throw new ConfigError('IMPORT_BATCH_ROWS must be a whole number from 1 to 10000');
  }
  return n;
}

function parseCopies(value: string | undefined): number {
  if (value === undefined || value === '') return 3;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 100) {
    throw new ConfigError('PRE_MIGRATION_COPIES must be a whole number from 0 to 100');
  }
  return n;
}

const MIN_SECRET_BYTES = 32;
/** The least a secret's characters must carry, estimated from their distribution (see `secretBits`). */
const MIN_SECRET_BITS = 80;
const MAKE_A_SECRET = 'make one with `openssl rand -base64 48`';

/**
 * An estimate of the randomness a secret carries: its length times the Shannon entropy of its characters'
 * distribution, and nothing at all for a secret that repeats a shorter part or walks a sequence
 * (`abcd…`, `1234…`), which the distribution alone would credit. The estimate is low for short random
 * secrets (32 random hex digits estimate at 90 bits or more, 64 base64 characters at 300), so the bar of 80
 * bits refuses only what is plainly not random; `aaaa…` estimates at 0.
 */
export function secretBits(secret: string): number {
  const chars = [...secret];
  const n = chars.length;
  if (n === 0) return 0;
  for (let period = 1; period <= n / 2; period++) {
    let repeats = 0;
    for (let i = period; i < n; i++) if (chars[i] === chars[i - period]) repeats += 1;
    if (repeats >= 0.8 * (n - period)) return 0;
  }
  let steps = 0;
  for (let i = 1; i < n; i++) {
    if (Math.abs(chars[i]!.codePointAt(0)! - chars[i - 1]!.codePointAt(0)!) <= 1) steps += 1;
  }
  if (steps > (n - 1) / 2) return 0;
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let perChar = 0;
  for (const count of counts.values()) perChar -= (count / n) * Math.log2(count / n);
  return perChar * n;
}

function assertStrongSecret(name: string, secret: string, required: boolean): void {
  if (Buffer.byteLength(secret) < MIN_SECRET_BYTES) {
    throw new ConfigError(
      `${name} ${required ? 'is required in production and ' : ''}must be at least ${MIN_SECRET_BYTES} bytes: ${MAKE_A_SECRET}`,
    );
  }
  if (secretBits(secret) < MIN_SECRET_BITS) {
    throw new ConfigError(
      `${name} is too predictable (repeated or sequential characters, or too few different ones): ${MAKE_A_SECRET}`,
    );
  }
}

/**
 * `TRUST_PROXY`: unset, `off` or `false` believes no forwarding header; a whole number trusts that many
 * hops; otherwise a comma-separated list of addresses, CIDRs or proxy-addr's names (`loopback`,
 * `linklocal`, `uniquelocal`). `true` (every peer) is refused: anyone could then name their own address.
 */
function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'off' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 10) throw new ConfigError('TRUST_PROXY as a hop count must be from 1 to 10');
    return hops;
  }
  if (text === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true would believe any client that names its own address: list the proxies (addresses or CIDRs) or give a hop count',
    );
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!named && (family === 0 || !bitsOk || rest.length)) {
      throw new ConfigError(
        `TRUST_PROXY: "${entry}" is not an address, a CIDR (10.0.0.0/8) or one of loopback, linklocal, uniquelocal`,
      );
    }
  }
  return Object.freeze(entries);
}

function parseEnv(value: string | undefined): AppEnv {
  const env = value ?? 'development';
  if (env !== 'development' && env !== 'test' && env !== 'production') {
    throw new ConfigError(`APP_ENV must be development, test or production, not "${env}"`);
  }
  return env;
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, not "${value}"`);
  }
  return port;
}

/** In development the secret is generated once and kept beside the data, so restarts keep tokens valid. */
function developmentSecret(dataDir: string): string {
  const file = resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Metrics are off unless asked for, and never on the main port without a token. */
function parseMetrics(source: NodeJS.ProcessEnv): MetricsConfig {
  const mode = source.METRICS || 'off';
  if (mode !== 'off' && mode !== 'port' && mode !== 'token') {
    throw new ConfigError(`METRICS must be off, port or token, not "${mode}"`);
  }
  const token = source.METRICS_TOKEN || undefined;
  if (token !== undefined) assertStrongSecret('METRICS_TOKEN', token, false);
  if (mode === 'token' && token === undefined) {
    throw new ConfigError('METRICS=token needs METRICS_TOKEN (at least 32 bytes)');
  }
  const port = source.METRICS_PORT ? parsePort(source.METRICS_PORT) : 9464;
  return Object.freeze({ mode, port, host: source.METRICS_HOST || '127.0.0.1', token });
}

function parseMail(source: NodeJS.ProcessEnv): MailConfig {
  const smtpUrl = source.SMTP_URL || undefined;
  if (smtpUrl) {
    let url: URL | undefined;
    try {
      url = new URL(smtpUrl);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
      throw new ConfigError('SMTP_URL must be smtp://user:pass@host:587 or smtps://user:pass@host:465');
    }
    if (!source.MAIL_FROM) throw new ConfigError('SMTP_URL needs MAIL_FROM, the sender of the mails');
  }
  const from = source.MAIL_FROM || 'Rosters <rosters@localhost>';
  if (!/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/.test(from)) {
    throw new ConfigError('MAIL_FROM must be an address, alone or as `Name <address>`');
  }
  return Object.freeze({
    smtpUrl,
    from,
    retryMs: parsePositive(source.MAIL_RETRY_MS, 30_000, 'MAIL_RETRY_MS'),
  });
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(source.APP_ENV);
  const dataDir = resolve(source.DATA_DIR ?? './data');
  const databaseUrl = source.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  let jwtSecret = source.JWT_SECRET ?? '';
  if (env === 'production') assertStrongSecret('JWT_SECRET', jwtSecret, true);
  else if (jwtSecret === '') {
    jwtSecret = env === 'test' ? randomBytes(48).toString('base64url') : developmentSecret(dataDir);
  }
  const publicUrl = source.PUBLIC_URL?.replace(/\/+$/, '') || undefined;
  if (publicUrl && !/^https?:\/\/[^/]+/.test(publicUrl)) {
    throw new ConfigError(
      'PUBLIC_URL must be an http:// or https:// address such as https://rosters.example.com',
    );
  }
  const corsOrigins = (source.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  return Object.freeze({
    env,
    port: parsePort(source.PORT),
    host: source.HOST || (env === 'production' ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl,
    dataDir,
    jwtSecret,
    adminPassword: source.ADMIN_PASSWORD || undefined,
    corsOrigins: Object.freeze(corsOrigins),
    logLevel: source.LOG_LEVEL ?? (env === 'test' ? 'silent' : 'info'),
    publicUrl,
    jobsWorker: source.JOBS_WORKER !== 'off',
    jobStaleAfterMs: parsePositive(source.JOB_STALE_AFTER_MS, 15_000, 'JOB_STALE_AFTER_MS'),
    certificateNoticesMs: parsePositive(source.CERTIFICATE_NOTICES_MS, 3_600_000, 'CERTIFICATE_NOTICES_MS'),
    importBatchRows: parseBatchRows(source.IMPORT_BATCH_ROWS),
    shutdownGraceMs: parsePositive(source.SHUTDOWN_GRACE_MS, 15_000, 'SHUTDOWN_GRACE_MS'),
    preMigrationCopies: parseCopies(source.PRE_MIGRATION_COPIES),
    metrics: parseMetrics(source),
    trustProxy: parseTrustProxy(source.TRUST_PROXY),
    mail: parseMail(source),
  });
}
