import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clockFromEnv, type Clock } from './lib/clock.ts';
import { holdPointsFromEnv, type HoldPoints } from './lib/hold-points.ts';
import { storageConfigFromEnv } from './lib/storage/create-storage.ts';
import type { TStorageConfig } from './lib/storage/storage.ts';
import { secretsConfigFromEnv, type TSecretsConfig } from './lib/secrets.ts';
import { deliveryConnectorsFromEnv, type TDeliveryConnectorsConfig } from './lib/delivery-connectors-config.ts';

/**
 * apps/server: the nearest folder above this module with a package.json. The same answer whether the
 * module runs as source (src/config.ts under tsx or vitest) or bundled (dist/server.js under node), so
 * the migrations and the web app are found from either.
 */
export const SERVER_DIR = packageDirAbove(dirname(fileURLToPath(import.meta.url)));

/** The monorepo root, found from this file so `npm start` works from any working directory. */
export const REPO_ROOT = resolve(SERVER_DIR, '../..');

function packageDirAbove(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL server; when absent the embedded PGlite under `dataDir` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  tokenTtlSeconds: number;
  /**
   * Fastify's trustProxy, so request.ip (used by the sign-in rate limit) is the client's and not the
   * load balancer's: TRUST_PROXY=true, or the balancers' addresses/CIDRs ('10.0.0.0/8,127.0.0.1').
   */
  trustProxy: boolean | string;
  /**
   * APP_URL, e.g. https://admin.example.com: the address in emailed links (password reset). Without it
   * links use the address the request came to, which behind a proxy is only right with TRUST_PROXY.
   */
  publicUrl?: string;
  email: {
    /** smtp(s)://user:pass@host:port; when absent mail goes to the email_outbox table and the log. */
    smtpUrl: string | undefined;
    from: string;
    /** EMAIL_FAIL=1: the local adapter fails like an unreachable mail server, to exercise error paths. */
    fail: boolean;
  };
  /** The built web app; served at / when the folder exists. */
  webDistDir: string;
  /** Uploaded files (lib/storage): DATA_DIR/media, or S3 with STORAGE_S3_BUCKET; absent means `<dataDir>/media`. */
  storage?: TStorageConfig;
  logLevel: string;
  /** Where "now" comes from (lib/clock.ts); CLOCK_NOW pins it outside production. */
  clock: Clock;
  /** CLOCK_NOW was set but ignored because NODE_ENV is production; said once in the start-up log. */
  clockPinIgnored?: boolean;
  /** HOLD_POINTS_DIR (never in production): where background work can be held for a test (lib/hold-points.ts). */
  holdPoints?: HoldPoints;
  /** JOB_LEASE_SECONDS: how long a dead server's running job waits before another takes it (default 15). */
  jobLeaseSeconds?: number;
  /** SMS_PROVIDER=twilio with TWILIO_*: campaigns go out through Twilio; absent means the local stand-in. */
  sms?: TSmsConfig;
  /** PAYMENTS_PROVIDER=stripe with STRIPE_*: charges and bank verification through Stripe; else local. */
  payments?: TPaymentsConfig;
  /** SECRETS_KEY (+ SECRETS_KEY_PREVIOUS while rotating): seals per-restaurant credentials (lib/secrets.ts). */
  secrets?: TSecretsConfig;
  /** UBER_EATS_* / DOORDASH_*: the delivery platforms' API credentials; absent, the local simulator. */
  delivery?: TDeliveryConnectorsConfig;
}

export type TSmsConfig =
  | { provider: 'local' }
  | {
      provider: 'twilio';
      accountSid: string;
      authToken: string;
      /** TWILIO_FROM (a number) or TWILIO_MESSAGING_SERVICE_SID: one of the two is required. */
      from?: string;
      messagingServiceSid?: string;
      /** TWILIO_API_BASE: https://api.twilio.com unless a test or a regional edge says otherwise. */
      apiBase: string;
    };

export type TPaymentsConfig =
  | { provider: 'local' }
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      /** STRIPE_API_BASE: http(s)://host:port of a Stripe-compatible API (tests); absent means api.stripe.com. */
      apiBase?: string;
    };

function required(env: NodeJS.ProcessEnv, name: string, why: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} must be set when ${why}`);
  return value;
}

/** The SMS provider from the environment (like SMTP_URL for email): Twilio only when asked for by name. */
export function smsConfigFromEnv(env: NodeJS.ProcessEnv): TSmsConfig {
  const provider = env.SMS_PROVIDER || 'local';
  if (provider === 'local') return { provider: 'local' };
  if (provider !== 'twilio') throw new Error(`SMS_PROVIDER must be 'twilio' or 'local', got '${provider}'`);
  const why = 'SMS_PROVIDER=twilio';
  const from = env.TWILIO_FROM || undefined;
  const messagingServiceSid = env.TWILIO_MESSAGING_SERVICE_SID || undefined;
  if (!from && !messagingServiceSid)
    throw new Error('TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID must be set when SMS_PROVIDER=twilio');
  return {
    provider: 'twilio',
    accountSid: required(env, 'TWILIO_ACCOUNT_SID', why),
    authToken: required(env, 'TWILIO_AUTH_TOKEN', why),
    ...(from ? { from } : {}),
    ...(messagingServiceSid ? { messagingServiceSid } : {}),
    apiBase: (env.TWILIO_API_BASE || 'https://api.twilio.com').replace(/\/$/, ''),
  };
}

/** The payment processor from the environment: Stripe only when asked for by name. */
export function paymentsConfigFromEnv(env: NodeJS.ProcessEnv): TPaymentsConfig {
  const provider = env.PAYMENTS_PROVIDER || 'local';
  if (provider === 'local') return { provider: 'local' };
  if (provider !== 'stripe') throw new Error(`PAYMENTS_PROVIDER must be 'stripe' or 'local', got '${provider}'`);
  const why = 'PAYMENTS_PROVIDER=stripe';
  const apiBase = env.STRIPE_API_BASE || undefined;
  if (apiBase && !/^https?:\/\/[^/]+\/?$/.test(apiBase))
    throw new Error(`STRIPE_API_BASE must be http(s)://host[:port], got '${apiBase}'`);
  return {
    provider: 'stripe',
    secretKey: required(env, 'STRIPE_SECRET_KEY', why),
    webhookSecret: required(env, 'STRIPE_WEBHOOK_SECRET', why),
    ...(apiBase ? { apiBase } : {}),
  };
}

const DEFAULT_TOKEN_TTL_SECONDS = 12 * 60 * 60;

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got '${value}'`);
  return n;
}

/**
 * The JWT key must be shared by every API server, so with a PostgreSQL server it has to come from the
 * environment. The embedded database is single-process by nature: generate a key once and keep it
 * next to the data, so tokens survive a restart (ARCHITECTURE.md "Secrets").
 */
function resolveJwtSecret(env: NodeJS.ProcessEnv, dataDir: string, usesServerDb: boolean): string {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return env.JWT_SECRET;
  }
  if (usesServerDb) throw new Error('JWT_SECRET must be set when DATABASE_URL is set');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface DatabaseConfig extends Pick<AppConfig, 'databaseUrl' | 'dataDir'> {
  /** DATABASE_POOL_SIZE: connections one API server opens to PostgreSQL at most. */
  poolSize: number;
  /**
   * DATABASE_STATEMENT_TIMEOUT_MS: PostgreSQL cancels any one statement that runs longer, so a runaway
   * query frees its connection instead of starving the pool. PGlite cannot interrupt a statement.
   */
  statementTimeoutMs: number;
  /**
   * DATABASE_REPLICA_URL: a streaming replica (or every node, multi-host: the standby among them is used)
   * for report, analytics, calendar and export reads, each within its staleness bound
   * (plugins/replica-reads.ts). Unset: every read goes to DATABASE_URL.
   */
  replicaUrl: string | undefined;
  /** DATABASE_REPLICA_WAIT_MS: how long such a read waits for the replica to replay the caller's last write. */
  replicaWaitMs: number;
}

const DEFAULT_POOL_SIZE = 10;
const DEFAULT_REPLICA_WAIT_MS = 500;
const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * What opening the database needs (the server and the db:* scripts), so migrating does not require the
 * JWT secret. A relative DATA_DIR is taken from the repository root, like the default, whichever
 * workspace npm runs the script in.
 */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(REPO_ROOT, env.DATA_DIR ?? 'data'),
    poolSize: positiveInt(env.DATABASE_POOL_SIZE, DEFAULT_POOL_SIZE, 'DATABASE_POOL_SIZE'),
    statementTimeoutMs: positiveInt(
      env.DATABASE_STATEMENT_TIMEOUT_MS,
      DEFAULT_STATEMENT_TIMEOUT_MS,
      'DATABASE_STATEMENT_TIMEOUT_MS',
    ),
    replicaUrl: (env.DATABASE_URL && env.DATABASE_REPLICA_URL) || undefined,
    replicaWaitMs: positiveInt(env.DATABASE_REPLICA_WAIT_MS, DEFAULT_REPLICA_WAIT_MS, 'DATABASE_REPLICA_WAIT_MS'),
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const { dataDir, databaseUrl } = loadDatabaseConfig(env);
  const { clock, ignored } = clockFromEnv(env);
  const jwtSecret = resolveJwtSecret(env, dataDir, databaseUrl !== undefined);
  return {
    port: positiveInt(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir,
    jwtSecret,
    tokenTtlSeconds: positiveInt(env.TOKEN_TTL_SECONDS, DEFAULT_TOKEN_TTL_SECONDS, 'TOKEN_TTL_SECONDS'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl: env.APP_URL || undefined,
    email: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.EMAIL_FROM ?? 'Restaurant Admin System <no-reply@restaurant-admin.local>',
      fail: env.EMAIL_FAIL === '1' || env.EMAIL_FAIL === 'true',
    },
    webDistDir: resolve(REPO_ROOT, env.WEB_DIST_DIR ?? 'apps/web/dist'),
    storage: storageConfigFromEnv(env, dataDir),
    logLevel: env.LOG_LEVEL ?? 'info',
    clock,
    ...(ignored ? { clockPinIgnored: true } : {}),
    holdPoints: holdPointsFromEnv(env),
    sms: smsConfigFromEnv(env),
    payments: paymentsConfigFromEnv(env),
    secrets: secretsConfigFromEnv(env, jwtSecret),
    delivery: deliveryConnectorsFromEnv(env),
    ...(env.JOB_LEASE_SECONDS ? { jobLeaseSeconds: positiveInt(env.JOB_LEASE_SECONDS, 15, 'JOB_LEASE_SECONDS') } : {}),
  };
}
