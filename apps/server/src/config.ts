import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { FILE_LIMIT_DEFAULTS } from '@crewplan/domain';
import { POOL_DEFAULTS, type PoolSettings } from './db/database.ts';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Crewplan <no-reply@crewplan.local>'),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUSTED_ORIGINS: z.string().optional(),
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  SSO_TRUSTED_ORIGINS: z.string().optional(),
  MICROSOFT_LOGIN_URL: z.url({ protocol: /^https?$/ }).default('https://login.microsoftonline.com'),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  FILE_SIZE_LIMIT_MB: z.coerce.number().int().min(1).max(5000).default(FILE_LIMIT_DEFAULTS.fileSizeMb),
  FILES_PER_UPLOAD: z.coerce.number().int().min(1).max(100).default(FILE_LIMIT_DEFAULTS.filesPerUpload),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).default('1'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(POOL_DEFAULTS.max),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).default(POOL_DEFAULTS.connectTimeoutMs),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(POOL_DEFAULTS.statementTimeoutMs),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(POOL_DEFAULTS.lockTimeoutMs),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(POOL_DEFAULTS.idleInTransactionTimeoutMs),
  SLOW_REQUEST_MS: z.coerce.number().int().min(0).default(1000),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  EXCHANGE_RATES_URL: z.url({ protocol: /^https?$/ }).optional(),
  EXCHANGE_RATES_FILE: z.string().min(1).optional(),
  EXCHANGE_RATES_REFRESH_HOURS: z.coerce.number().int().min(1).max(168).default(6),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  CRM_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  CRM_API_TOKEN: z.string().min(1).optional(),
  AI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  authSecret: string;
  seedDemo: boolean;
  logLevel: string;
  /** Requests are logged at debug; one slower than this (ms) or failing with 5xx is logged at info/error. */
  slowRequestMs: number;
  /** How long who a bearer token is stays remembered in this process (ms; 0 = ask the database every time). */
  sessionCacheMs: number;
  /** How long a remembered read (`config.readCache` routes) may be served when no write of this process says otherwise (ms; 0 = off). */
  readCacheMs: number;
  /** The database pool: size and time-outs. */
  database: PoolSettings;
  trustedOrigins: string[];
  signInAttemptsPerMinute: number;
  /** Origins of identity providers (single sign-on) the server may fetch discovery documents, keys and tokens from. */
  ssoTrustedOrigins: string[];
  /** Microsoft sign-in: the login base URL (tests point it at a local fake) and the server's own app registration, if any. */
  microsoft: { loginUrl: string; clientId: string | undefined; clientSecret: string | undefined };
  /** Uploaded files: the limits of one upload, and the S3-compatible store when S3_BUCKET is set (else the data folder). */
  files: { fileSizeLimitMb: number; filesPerUpload: number; s3: S3Config | null };
  /**
   * Reference exchange rates: fetched from `url` every `refreshHours` when set; read from `file` at start when set
   * (else, on an empty table without `url`, from the small sample the server ships).
   */
  exchangeRates: { url: string | undefined; file: string | undefined; refreshHours: number };
  /**
   * The card payment provider (Stripe): payments are on only with a secret key; webhooks need their signing secret;
   * `apiBase` points the SDK at another address (tests use a local fake of its API).
   */
  payments: { secretKey: string | undefined; webhookSecret: string | undefined; apiBase: string | undefined };
  /** The CRM people are synced from (its people API and token); null when not both are set. */
  crm: { apiBase: string; token: string } | null;
  /**
   * An OpenAI-compatible language model that may re-rank recommendations and phrase their reasons: on only when both
   * the address and the model are set; its failure or time-out keeps the deterministic order.
   */
  languageModel: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | null;
};

export type S3Config = {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

/** Reads and validates the environment; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const trustedOrigins = new Set([new URL(publicUrl).origin]);
  if (e.NODE_ENV !== 'production') {
    trustedOrigins.add(`http://localhost:${e.PORT}`);
    trustedOrigins.add(`http://127.0.0.1:${e.PORT}`);
  }
  for (const origin of e.TRUSTED_ORIGINS?.split(',') ?? []) if (origin.trim()) trustedOrigins.add(origin.trim());
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    authSecret: e.AUTH_SECRET ?? persistentSecret(dataDir),
    seedDemo: e.SEED_DEMO === '1',
    logLevel: e.LOG_LEVEL,
    slowRequestMs: e.SLOW_REQUEST_MS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    readCacheMs: e.READ_CACHE_MS,
    database: {
      max: e.DB_POOL_SIZE,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    trustedOrigins: [...trustedOrigins],
    signInAttemptsPerMinute: e.SIGN_IN_ATTEMPTS_PER_MINUTE,
    ssoTrustedOrigins: originsOf(e.SSO_TRUSTED_ORIGINS),
    microsoft: {
      loginUrl: e.MICROSOFT_LOGIN_URL.replace(/\/$/, ''),
      clientId: e.MICROSOFT_CLIENT_ID,
      clientSecret: e.MICROSOFT_CLIENT_SECRET,
    },
    files: {
      fileSizeLimitMb: e.FILE_SIZE_LIMIT_MB,
      filesPerUpload: e.FILES_PER_UPLOAD,
      s3: e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
          }
        : null,
    },
    exchangeRates: {
      url: e.EXCHANGE_RATES_URL,
      file: e.EXCHANGE_RATES_FILE === undefined ? undefined : existingFile('EXCHANGE_RATES_FILE', e.EXCHANGE_RATES_FILE),
      refreshHours: e.EXCHANGE_RATES_REFRESH_HOURS,
    },
    payments: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE },
    crm: e.CRM_API_BASE && e.CRM_API_TOKEN ? { apiBase: e.CRM_API_BASE, token: e.CRM_API_TOKEN } : null,
    languageModel:
      e.AI_BASE_URL && e.AI_MODEL
        ? { baseUrl: e.AI_BASE_URL.replace(/\/$/, ''), apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS }
        : null,
  };
}

function existingFile(variable: string, path: string): string {
  const file = resolve(path);
  if (!existsSync(file)) throw new Error(`Invalid configuration: ${variable}: no file at ${file}`);
  return file;
}

function originsOf(list: string | undefined): string[] {
  const origins = new Set<string>();
  for (const entry of list?.split(',') ?? []) {
    if (!entry.trim()) continue;
    try {
      origins.add(new URL(entry.trim()).origin);
    } catch {
      throw new Error(`Invalid configuration: SSO_TRUSTED_ORIGINS: ${entry.trim()} is not a URL`);
    }
  }
  return [...origins];
}

/** Without AUTH_SECRET a secret is generated once and kept in the data folder, so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = resolve(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
