// One app per test file and database kind, built on the file's shared database.
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/server/app'
import { type Config, testConfig } from '../../src/server/config'
import type { DbOptions } from '../../src/server/db/client'
import { ACCOUNT_MODULES, seed } from '../../src/server/db/seed'
import { type DbKind, openTestDatabase, type TestDatabase } from './database'

export type TestApp = { app: FastifyInstance; database: TestDatabase; logs: string[]; close(): Promise<void> }

export type StartOptions = {
  config?: Partial<Config>
  /** Load the demo accounts first. */
  seed?: boolean
  /** Start from the whole demo data (a copy of a template seeded once: tests/support/database.ts). */
  demo?: boolean
  /** Runs before the app is ready: tests may add routes of their own here. */
  extend?: (app: FastifyInstance) => void
  /** The Drizzle handle's options (a logger that records the statements). */
  db?: DbOptions
}

export async function startTestApp(kind: DbKind, options: StartOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase(kind, { ...options.db, demo: options.demo })
  // Accounts only: the 2,300 demo clients are seeded where a test asks for them.
  if (options.seed) await seed(database, () => {}, ACCOUNT_MODULES)
  const logs: string[] = []
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk))
      done()
    },
  })
  const app = await buildApp(testConfig({ logLevel: 'info', databaseUrl: database.url, ...options.config }), {
    database,
    logStream,
    jobPollingIntervalSeconds: 0.5,
  })
  options.extend?.(app)
  await app.ready()
  return {
    app,
    database,
    logs,
    async close() {
      await app.close()
      await database.drop()
    },
  }
}

/** Signs a demo account in and returns its token. */
export async function loginAs(
  app: FastifyInstance,
  email: string,
  password = 'demo-password',
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } })
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`)
  return res.json().id
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
