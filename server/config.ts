import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Configuration read from the environment (README "Configuration"). */
export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  tenant: string;
  jwtSecret: string;
  smtpUrl: string | null;
  publicUrl: string;
  rootDir: string;
  /** seed the demo data when the embedded database is empty */
  seedDemoOnEmpty: boolean;
  logLevel: string;
  /** browser session timing (spec part 1 section 4; shortened by tests) */
  session: SessionTiming;
  /** the browser's real-time hub connection: tries, and seconds between them (spec part 3 section 9: 5 and 5) */
  hub: HubTiming;
  /** sign-in, registration and forgot-password attempts per minute */
  rateLimit: { perIp: number; perAccount: number; windowSeconds: number };
  /** the largest file an upload may have, in bytes (FILE_MAX_BYTES, default 10 MiB) */
  fileMaxBytes: number;
  /** automatic sign-in lock: after `failures` wrong passwords, `minutes` doubling per lock up to `maxMinutes` */
  signInLock: { failures: number; minutes: number; maxMinutes: number };
  /** hours after which an upload never saved with a record, and a left-behind temp file, are removed (UNSAVED_UPLOAD_HOURS, default 24) */
  unsavedUploadHours: number;
}

export interface HubTiming {
  reconnectAttempts: number;
  reconnectSeconds: number;
}

export interface SessionTiming {
  idleSeconds: number;
  warningSeconds: number;
  checkSeconds: number;
}

/**
 * The project folder (metadata/, tenants/, data/): the nearest folder holding package.json above
 * this file, whether it runs from server/ (tsx) or from the build in dist/app/server/.
 */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return resolve(from, '..');
  }
}

export const PROJECT_ROOT = projectRoot(import.meta.dirname);

function jwtSecretFrom(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got '${raw}'`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(env.DATA_DIR ?? join(PROJECT_ROOT, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    tenant: env.TENANT ?? 'tn',
    jwtSecret: env.JWT_SECRET || jwtSecretFrom(dataDir),
    smtpUrl: env.SMTP_URL || null,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    rootDir: PROJECT_ROOT,
    seedDemoOnEmpty: env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    session: {
      idleSeconds: positive(env, 'SESSION_IDLE_SECONDS', 900),
      warningSeconds: positive(env, 'SESSION_WARNING_SECONDS', 120),
      checkSeconds: positive(env, 'SESSION_CHECK_SECONDS', 5),
    },
    hub: {
      reconnectAttempts: positive(env, 'HUB_RECONNECT_ATTEMPTS', 5),
      reconnectSeconds: positive(env, 'HUB_RECONNECT_SECONDS', 5),
    },
    rateLimit: {
      perIp: positive(env, 'RATE_LIMIT_PER_IP', 100),
      perAccount: positive(env, 'RATE_LIMIT_PER_ACCOUNT', 10),
      windowSeconds: positive(env, 'RATE_LIMIT_WINDOW_SECONDS', 60),
    },
    fileMaxBytes: positive(env, 'FILE_MAX_BYTES', 10 * 1024 * 1024),
    signInLock: {
      failures: positive(env, 'LOCK_AFTER_FAILURES', 10),
      minutes: positive(env, 'LOCK_MINUTES', 15),
      maxMinutes: positive(env, 'LOCK_MAX_MINUTES', 24 * 60),
    },
    unsavedUploadHours: positive(env, 'UNSAVED_UPLOAD_HOURS', 24),
  };
}
