// Server configuration, read once from the environment (documented in the README).
import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { SmtpConfig } from './adapters/mail/smtp'
import { type PaymentsConfig, paymentsConfig } from './adapters/payments/config'
import type { PushConfig } from './adapters/push'
import { type SmsConfig, smsConfig } from './adapters/sms/settings'
import type { StorageConfig } from './adapters/storage'

export type Config = {
  port: number
  host: string
  /** Absent: the embedded PGlite database in `${dataDir}/pglite`. */
  databaseUrl: string | undefined
  /** Connections the server keeps to PostgreSQL. */
  databasePoolSize: number
  /**
   * DATABASE_READ_URL: a streaming replica of DATABASE_URL for the heavy reads (db/replica.ts); unset:
   * every read on the primary. DATABASE_READ_MAX_LAG_MS: past that lag the reads go to the primary.
   */
  databaseReadUrl: string | undefined
  databaseReadMaxLagMs: number
  dataDir: string
  /**
   * Which peers may tell the client's address in X-Forwarded-For (Fastify's `trustProxy`): false, or
   * proxy addresses / CIDR ranges. Off by default: a forged header must not move a caller out of its
   * rate limits.
   */
  trustProxy: false | string[]
  publicUrl: string
  /**
   * Signs the cookies the server sets (the scan page's remembered device). Unset: a random key per
   * start, so remembered devices confirm their phone again after a restart.
   */
  cookieSecret: string
  /**
   * Other addresses the app is opened on (APP_ORIGINS, comma-separated origins): a payment returns to
   * the one the user came on (services/app-origin.ts). PUBLIC_URL's and its loopback aliases always are.
   */
  appOrigins: string[]
  /** Folder of the built front end; absent or missing: the API only. */
  staticDir: string | undefined
  logLevel: string
  /**
   * PROCESS_ROLE (issue 37 §1): `all` (default) serves HTTP and runs the jobs; `web` serves HTTP only
   * (as JOBS=off); `worker` runs the jobs and answers only the health endpoints.
   */
  role: ProcessRole
  /** Start the background job queue (tests of plain routes may turn it off). */
  jobs: boolean
  /**
   * SIGTERM: the readiness endpoint answers 503 for `drainMs` (SHUTDOWN_DRAIN_MS, so a balancer's health
   * check takes the process out first), then in-flight requests and jobs get up to `timeoutMs`
   * (SHUTDOWN_TIMEOUT_MS) before the process exits.
   */
  shutdown: { drainMs: number; timeoutMs: number }
  /** Seed demo data when the database is empty. */
  seedWhenEmpty: boolean
  /** Login attempts allowed per e-mail (failures) and per address, in a window of seconds. */
  loginLimits: {
    perEmail: { max: number; windowSeconds: number }
    perAddress: { max: number; windowSeconds: number }
  }
  /**
   * Sign-ups allowed per address and per e-mail in a window of seconds (issue 34): counted before the
   * password is hashed, so a flood costs the server no argon2 work and no mail past the limit.
   */
  signUpLimits: {
    perEmail: { max: number; windowSeconds: number }
    perAddress: { max: number; windowSeconds: number }
  }
  /**
   * Campaign dispatch: messages per second each worker sends to one provider (SMS, push), and the
   * consecutive provider failures after which a campaign pauses itself (the circuit breaker).
   */
  campaigns: { smsPerSecond: number; pushPerSecond: number; breakerThreshold: number; leaseMs: number }
  /**
   * Outgoing webhooks (issue 23): plain http to this machine only when allowHttpLoopback
   * (WEBHOOKS_ALLOW_HTTP_LOOPBACK, development and tests), and each attempt's time limit.
   */
  webhooks: { allowHttpLoopback: boolean; timeoutMs: number }
  adapters: {
    /**
     * SMS_PROVIDER (local, http, twilio, vonage; adapters/sms/settings.ts). SMS_WEBHOOK_SECRET signs the
     * generic provider's inbound messages (POST /webhooks/sms/inbound).
     */
    sms: SmsConfig
    /** FCM_SERVICE_ACCOUNT: Firebase Cloud Messaging; else PUSH_API_URL; else the outbox. */
    push: PushConfig
    /** MAIL_SMTP_URL: an SMTP server; else MAIL_API_URL: an HTTP mail API; else the outbox. */
    mail: { url?: string | undefined; key?: string | undefined; smtp?: SmtpConfig | undefined }
    geo: { url?: string | undefined }
    /** PAYMENTS=stripe (or STRIPE_SECRET_KEY set): Stripe; else the local checkout. */
    payments: PaymentsConfig
    /** STORAGE_S3_ENDPOINT unset: files on disk under `dir`, served by this server. */
    storage: StorageConfig
    /** POS_API_URL unset: products are those the till posts through the webhook. */
    pos: { url?: string | undefined; key?: string | undefined }
  }
}

export type ProcessRole = 'all' | 'web' | 'worker'

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  const dataDir = path.resolve(env.DATA_DIR ?? './data')
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: positiveInt(env.DATABASE_POOL_SIZE, 'DATABASE_POOL_SIZE', 10),
    databaseReadUrl: readUrlOf(env),
    databaseReadMaxLagMs: positiveInt(env.DATABASE_READ_MAX_LAG_MS, 'DATABASE_READ_MAX_LAG_MS', 2_000),
    dataDir,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    cookieSecret: env.COOKIE_SECRET || randomBytes(32).toString('base64url'),
    appOrigins: (env.APP_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    staticDir: path.resolve(env.STATIC_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    role: roleOf(env.PROCESS_ROLE),
    jobs: env.JOBS !== 'off' && roleOf(env.PROCESS_ROLE) !== 'web',
    shutdown: {
      drainMs: wholeNumber(env.SHUTDOWN_DRAIN_MS, 'SHUTDOWN_DRAIN_MS', 0),
      timeoutMs: positiveInt(env.SHUTDOWN_TIMEOUT_MS, 'SHUTDOWN_TIMEOUT_MS', 25_000),
    },
    // Demo data in an empty database: on by default, off by default in production (SEED=on forces it).
    seedWhenEmpty: env.SEED ? env.SEED !== 'off' : env.NODE_ENV !== 'production',
    loginLimits: {
      perEmail: { max: Number(env.LOGIN_MAX_PER_EMAIL ?? 10), windowSeconds: 15 * 60 },
      perAddress: { max: Number(env.LOGIN_MAX_PER_ADDRESS ?? 100), windowSeconds: 15 * 60 },
    },
    signUpLimits: {
      perEmail: {
        max: positiveInt(env.SIGN_UP_MAX_PER_EMAIL, 'SIGN_UP_MAX_PER_EMAIL', 3),
        windowSeconds: 60 * 60,
      },
      perAddress: {
        max: positiveInt(env.SIGN_UP_MAX_PER_ADDRESS, 'SIGN_UP_MAX_PER_ADDRESS', 10),
        windowSeconds: 60 * 60,
      },
    },
    campaigns: {
      smsPerSecond: positiveInt(env.CAMPAIGN_SMS_PER_SECOND, 'CAMPAIGN_SMS_PER_SECOND', 50),
      pushPerSecond: positiveInt(env.CAMPAIGN_PUSH_PER_SECOND, 'CAMPAIGN_PUSH_PER_SECOND', 200),
      breakerThreshold: positiveInt(env.CAMPAIGN_BREAKER_THRESHOLD, 'CAMPAIGN_BREAKER_THRESHOLD', 10),
      leaseMs: campaignLease(env.CAMPAIGN_LEASE_MS),
    },
    webhooks: {
      allowHttpLoopback: /^(1|on|true|yes)$/i.test(env.WEBHOOKS_ALLOW_HTTP_LOOPBACK ?? ''),
      timeoutMs: positiveInt(env.WEBHOOKS_TIMEOUT_MS, 'WEBHOOKS_TIMEOUT_MS', 10_000),
    },
    adapters: {
      sms: smsConfig(env, (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '')),
      push: {
        url: env.PUSH_API_URL || undefined,
        key: env.PUSH_API_KEY || undefined,
        fcmServiceAccount: env.FCM_SERVICE_ACCOUNT || undefined,
        fcmApiUrl: env.FCM_API_URL || undefined,
      },
      mail: { url: env.MAIL_API_URL, key: env.MAIL_API_KEY, smtp: smtpConfig(env) },
      geo: { url: env.GEO_API_URL },
      payments: paymentsConfig(env),
      storage: storageConfig(env, dataDir),
      pos: { url: env.POS_API_URL || undefined, key: env.POS_API_KEY || undefined },
    },
  }
}

/** MAIL_SMTP_URL and its sender; DKIM when its three settings are given (issue 35 §2). */
function smtpConfig(env: NodeJS.ProcessEnv): SmtpConfig | undefined {
  const url = env.MAIL_SMTP_URL || undefined
  if (!url) return undefined
  if (!/^smtps?:\/\//.test(url)) throw new Error('MAIL_SMTP_URL must be an smtp:// or smtps:// URL')
  const from = env.MAIL_FROM || undefined
  if (!from) throw new Error('MAIL_FROM is required when MAIL_SMTP_URL is set')
  const dkim = [env.MAIL_DKIM_DOMAIN, env.MAIL_DKIM_SELECTOR, env.MAIL_DKIM_PRIVATE_KEY]
  if (dkim.some(Boolean) && !dkim.every(Boolean))
    throw new Error('MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR and MAIL_DKIM_PRIVATE_KEY go together')
  return {
    url,
    from,
    ...(dkim.every(Boolean)
      ? { dkim: { domainName: dkim[0]!, keySelector: dkim[1]!, privateKey: dkim[2]!.replace(/\\n/g, '\n') } }
      : {}),
  }
}

function storageConfig(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  const dir = path.resolve(env.STORAGE_DIR || path.join(dataDir, 'files'))
  const endpoint = env.STORAGE_S3_ENDPOINT || undefined
  if (!endpoint) return { dir }
  const need = (name: string) => {
    const value = env[name]
    if (!value) throw new Error(`${name} is required when STORAGE_S3_ENDPOINT is set`)
    return value
  }
  if (!/^https?:\/\//.test(endpoint))
    throw new Error(`STORAGE_S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`)
  return {
    dir,
    s3: {
      endpoint,
      bucket: need('STORAGE_S3_BUCKET'),
      region: env.STORAGE_S3_REGION || 'us-east-1',
      accessKeyId: need('STORAGE_S3_ACCESS_KEY_ID'),
      secretAccessKey: need('STORAGE_S3_SECRET_ACCESS_KEY'),
      publicUrl: env.STORAGE_PUBLIC_URL || undefined,
    },
  }
}

/** A configuration for tests: in-memory PGlite unless a database URL is given, no static files. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ PORT: '0', LOG_LEVEL: 'silent' })
  return {
    ...base,
    // Uploads of a test run go to a folder of their own, never into ./data.
    adapters: { ...base.adapters, storage: { dir: path.join(os.tmpdir(), `loyalty-files-${process.pid}`) } },
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: '',
    staticDir: undefined,
    jobs: false,
    seedWhenEmpty: false,
    ...overrides,
  }
}

/**
 * TRUST_PROXY: unset or `off` → trust nobody; else proxy addresses, CIDR ranges or proxy-addr's named
 * ranges (`loopback`, `linklocal`, `uniquelocal`). No hop count: Fastify 5 treats one as "trust
 * nobody", since a hop count cannot tell a proxy from a client that forged enough entries.
 */
export function trustProxyOf(value: string | undefined): false | string[] {
  const v = value?.trim() ?? ''
  if (v === '' || /^(off|false)$/i.test(v)) return false
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const bad = list.find((item) => {
    if (NAMED_RANGES.includes(item)) return false
    const [address, bits, extra] = item.split('/')
    if (extra !== undefined || !address || !isIP(address)) return true
    if (bits === undefined) return false
    const max = isIP(address) === 4 ? 32 : 128
    return !/^\d+$/.test(bits) || Number(bits) > max
  })
  if (bad !== undefined)
    throw new Error(`TRUST_PROXY must be off or a list of proxy addresses/CIDR ranges, got "${bad}"`)
  return list
}
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal']

function readUrlOf(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.DATABASE_READ_URL) return undefined
  // A replica of the embedded database cannot exist: say so rather than read from elsewhere.
  if (!env.DATABASE_URL)
    throw new Error('DATABASE_READ_URL needs DATABASE_URL (a replica of a PostgreSQL primary)')
  return env.DATABASE_READ_URL
}

function roleOf(value: string | undefined): ProcessRole {
  const v = value?.trim() || 'all'
  if (v === 'all' || v === 'web' || v === 'worker') return v
  throw new Error(`PROCESS_ROLE must be all, web or worker, got "${value}"`)
}

function wholeNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`)
  return n
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a positive whole number, got "${value}"`)
  return n
}

/** How soon another worker takes over the messages of a worker that died (DispatchOptions.leaseMs). */
function campaignLease(value: string | undefined): number {
  const ms = positiveInt(value, 'CAMPAIGN_LEASE_MS', 60_000)
  if (ms < 10_000) throw new Error(`CAMPAIGN_LEASE_MS must be at least 10000 (10 s), got "${value}"`)
  return ms
}
