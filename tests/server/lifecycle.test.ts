// Issue 37 §1: the readiness endpoint a balancer checks, the stop that finishes what is in flight, and
// the worker role that answers its health checks only.
import { spawn } from 'node:child_process'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drainAndClose } from '../../src/server/lifecycle'
import { startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

/** A wait the test ends by hand: the stop's drain and time limit, without a real timer. */
function manualWaits() {
  const pending = new Map<number, () => void>()
  const wait = (ms: number) => new Promise<void>((resolve) => pending.set(ms, resolve))
  const end = (ms: number) => {
    const resolve = pending.get(ms)
    if (!resolve) throw new Error(`nobody waits ${ms} ms`)
    resolve()
  }
  return { wait, end, waiting: (ms: number) => pending.has(ms) }
}

/** A route whose answer waits until the test releases it: a request in flight during the stop. */
function slowRoute(app: FastifyInstance) {
  let release = () => {}
  let arrive = () => {}
  const released = new Promise<void>((r) => (release = r))
  const arrived = new Promise<void>((r) => (arrive = r))
  app.get('/api/test/slow', async () => {
    arrive()
    await released
    return { done: true }
  })
  return { release: () => release(), arrived }
}

const flush = () => new Promise((r) => setImmediate(r))

/** Listens on a free port: Fastify's close waits for real connections' requests, not for inject's. */
async function listening(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return (path: string) => fetch(`http://127.0.0.1:${address.port}${path}`)
}

describe.each(databaseKinds())('process lifecycle on %s', (kind) => {
  let t: TestApp
  let slow: ReturnType<typeof slowRoute>
  let get: (path: string) => Promise<Response>
  beforeAll(async () => {
    t = await startTestApp(kind, {
      extend(app) {
        slow = slowRoute(app)
      },
    })
    get = await listening(t.app)
  })
  afterAll(() => t.database.drop())

  it('answers liveness without the database, and readiness with its role', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' })
    expect(live.statusCode).toBe(200)
    expect(live.json()).toEqual({ status: 'ok' })
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready', role: 'all' })
  })

  it('drains (readiness 503) first, then closes only once the request in flight has its answer', async () => {
    const waits = manualWaits()
    const inFlight = get('/api/test/slow')
    await slow.arrived
    const stop = drainAndClose(t.app, { drainMs: 3_000, timeoutMs: 25_000 }, waits.wait)
    await flush()
    const draining = await t.app.inject({ method: 'GET', url: '/api/health/ready' })
    expect(draining.statusCode).toBe(503)
    expect(draining.json()).toEqual({ status: 'draining', role: 'all' })
    // Still serving during the drain: the balancer may send a last request before its check sees 503.
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200)

    waits.end(3_000)
    await flush()
    expect(waits.waiting(25_000)).toBe(true)
    let stopped = false
    void stop.then(() => (stopped = true))
    await flush()
    expect(stopped).toBe(false)

    slow.release()
    const answer = await inFlight
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ done: true })
    expect(await stop).toBe(true)
  })
})

describe.each(databaseKinds())('a stop past its time limit on %s', (kind) => {
  it('gives up at the limit and says so', async () => {
    let slow: ReturnType<typeof slowRoute> | undefined
    const t = await startTestApp(kind, { extend: (app) => (slow = slowRoute(app)) })
    const get = await listening(t.app)
    const waits = manualWaits()
    const inFlight = get('/api/test/slow')
    await slow!.arrived
    const stop = drainAndClose(t.app, { drainMs: 0, timeoutMs: 25_000 }, waits.wait)
    await flush()
    waits.end(25_000)
    expect(await stop).toBe(false)
    slow!.release()
    expect((await inFlight).status).toBe(200)
    await t.database.drop()
  })
})

describe.each(databaseKinds())('the worker role on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind, { config: { role: 'worker' } })
  })
  afterAll(() => t.close())

  it('answers its health checks and nothing else', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' })
    expect(ready.json()).toEqual({ status: 'ready', role: 'worker' })
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'a@example.test', password: 'x' },
    })
    expect(login.statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/franchises/clients' })).statusCode).toBe(404)
  })
})

describe('a rejection nobody catches', () => {
  const runWith = (reject: 'database' | 'bug') =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/rejection-process.ts'], {
        env: { ...process.env, REJECT: reject },
      })
      let out = ''
      child.stdout.on('data', (d) => (out += d))
      child.on('exit', (code) => resolve({ code, out }))
    })

  it('keeps the process running when it is the database going away (pg-boss completing a job)', async () => {
    const { code, out } = await runWith('database')
    expect(out).toContain('warn: database unavailable (unhandled rejection)')
    expect(out).toContain('alive')
    expect(code).toBe(0)
  }, 30_000)

  it('ends the process on any other, for its supervisor to start it again', async () => {
    const { code, out } = await runWith('bug')
    expect(out).toContain('fatal: unhandled rejection')
    expect(out).not.toContain('alive')
    expect(code).toBe(1)
  }, 30_000)
})
