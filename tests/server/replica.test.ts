// The read replica (issue 37 §2) against a real primary and streaming replica started here
// (tests/support/pg-cluster.ts). Whether a read came from the replica shows in what it answers: the
// replica's replay is paused, the primary written, and the replica's older state is what a read there
// sees. Time is the test's (vitest's Date): the replay position's cache, the lag bound and the retry.
import { Writable } from 'node:stream'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../src/server/app'
import { testConfig } from '../../src/server/config'
import { type Database, openPostgres } from '../../src/server/db/client'
import { CACHE_MS, READ_AFTER_COOKIE, RETRY_MS } from '../../src/server/db/replica'
import { campaignStats, clientStores, clients, franchises, stores, users } from '../../src/server/db/schema'
import { ACCOUNT_MODULES, seed } from '../../src/server/db/seed'
import { runAs } from '../../src/server/db/tenant-context'
import { bearer, loginAs } from '../support/app'
import { insertClient } from '../support/balances'
import { addCampaign } from '../support/campaign-fixtures'
import { clusterUnavailable, type PgCluster, startCluster } from '../support/pg-cluster'

const MAX_LAG_MS = 60_000
const unavailable = clusterUnavailable()
if (unavailable) console.log(`replica test skipped: ${unavailable}`)

describe.skipIf(unavailable)('read replica (real primary and streaming replica)', () => {
  let cluster: PgCluster
  let primary: Database
  let app: FastifyInstance
  const logs: string[] = []
  let owner: string
  let storeOwner: string
  let bagels: string
  let fid: string
  let paris: string
  let bagelsFid: string
  let bagelsUserId: string
  let alice: string

  beforeAll(async () => {
    cluster = (await startCluster())!
    primary = await openPostgres(cluster.primaryUrl, 3)
    await primary.migrate()
    await seed(primary, () => {}, ACCOUNT_MODULES)
    const db = primary.db
    const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    fid = f!.id
    paris = (await db.select().from(stores).where(eq(stores.franchiseId, fid))).find((s) =>
      s.name.includes('Paris'),
    )!.id
    const [b] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    bagelsFid = b!.id
    bagelsUserId = (await db.select().from(users).where(eq(users.email, 'bagels@demo.test')))[0]!.id
    const c = await insertClient(db, { franchiseId: fid, firstName: 'Alice', lastName: 'Martin', points: 10 })
    await db.insert(clientStores).values({ franchiseId: fid, clientId: c.id, storeId: paris })
    alice = c.id
    await insertClient(db, { franchiseId: bagelsFid, firstName: 'Bob', lastName: 'Baker', points: 5 })
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk))
        done()
      },
    })
    app = await buildApp(
      testConfig({
        logLevel: 'info',
        databaseUrl: cluster.primaryUrl,
        databaseReadUrl: cluster.replicaUrl,
        databaseReadMaxLagMs: MAX_LAG_MS,
      }),
      { database: primary, logStream },
    )
    await app.ready()
    owner = await loginAs(app, 'owner@demo.test')
    storeOwner = await loginAs(app, 'store@demo.test')
    bagels = await loginAs(app, 'bagels@demo.test')
    await cluster.caughtUp()
    // The first read sees the replica caught up: until then its lag is unknown.
    expect(await storeNames()).toEqual(['Martin'])
    // From here on the test moves the clock: one clock for the whole file, so that it only goes forward.
    vi.useFakeTimers({ toFake: ['Date'] })
  }, 180_000)

  afterAll(async () => {
    vi.useRealTimers()
    await app?.close()
    await primary?.close()
    await cluster?.close()
  })

  afterEach(async () => {
    await cluster.resumeReplay()
    await cluster.caughtUp()
  })

  const advance = (ms: number) => vi.setSystemTime(Date.now() + ms)
  const names = async (token: string, cookie?: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v2/franchises/clients?franchiseId=${fid}`,
      headers: { ...bearer(token), ...(cookie ? { cookie } : {}) },
    })
    expect(res.statusCode).toBe(200)
    return (res.json().data as { lastName: string }[]).map((c) => c.lastName)
  }
  const storeNames = async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v2/stores/${paris}/clients`,
      headers: bearer(storeOwner),
    })
    expect(res.statusCode).toBe(200)
    return (res.json().data as { lastName: string }[]).map((c) => c.lastName)
  }
  /** Renames Alice on the primary behind the app's back: no cookie for anyone. */
  const renameDirectly = (lastName: string) =>
    primary.db.update(clients).set({ lastName }).where(eq(clients.id, alice))
  const logged = (text: string, from = 0) => logs.slice(from).filter((l) => l.includes(text)).length

  it("a user reads their own write at once; another user, without the cookie, reads the replica's older state until it replays", async () => {
    await cluster.pauseReplay()
    const put = await app.inject({
      method: 'PUT',
      url: `/api/v2/franchises/${fid}/users`,
      headers: bearer(owner),
      payload: { id: alice, firstName: 'Alice', lastName: 'Dubois' },
    })
    expect(put.statusCode).toBe(200)
    const setCookie = String(put.headers['set-cookie'])
    expect(setCookie).toMatch(
      new RegExp(`^${READ_AFTER_COOKIE}=[0-9A-F]+/[0-9A-F]+; Path=/; Max-Age=\\d+; HttpOnly`),
    )
    const cookie = setCookie.split(';')[0]!
    advance(CACHE_MS)

    expect(await names(owner, cookie)).toContain('Dubois')
    // The store's owner, and the same owner on a device without the cookie: the replica, paused.
    expect(await storeNames()).toEqual(['Martin'])
    expect(await names(owner)).toContain('Martin')
    // The export reads there too.
    const csv = await app.inject({
      method: 'GET',
      url: `/api/v2/exports/clients?franchiseId=${fid}`,
      headers: bearer(owner),
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.body).toContain('Martin')
    expect(csv.body).not.toContain('Dubois')

    await cluster.resumeReplay()
    await cluster.caughtUp()
    advance(CACHE_MS)
    expect(await storeNames()).toEqual(['Dubois'])
    expect(await names(owner, cookie)).toContain('Dubois')
  })

  it('tenants stay apart on the replica: its connections get the caller’s role and franchises', async () => {
    const from = logs.length
    const res = await app.inject({
      method: 'GET',
      url: `/api/v2/franchises/clients?franchiseId=${fid}`,
      headers: bearer(bagels),
    })
    expect(res.statusCode).toBe(404)
    // The service's refusal is an answer, not a replica failure.
    expect(logged('read replica', from)).toBe(0)
    const own = await app.inject({
      method: 'GET',
      url: '/api/v2/franchises/clients',
      headers: bearer(bagels),
    })
    expect(own.json().data.map((c: { lastName: string }) => c.lastName)).toEqual(['Baker'])
    const replica = app.databaseRead!.replica
    const tenant = { kind: 'tenant' as const, userId: bagelsUserId, franchiseIds: [bagelsFid] }
    const seen = await runAs(tenant, async () => {
      const [who] = (await replica.raw('select current_user as role, pg_is_in_recovery() as standby')).rows
      const rows = await replica.db.select({ franchiseId: clients.franchiseId }).from(clients)
      return { who, franchises: [...new Set(rows.map((r) => r.franchiseId))] }
    })
    expect(seen.who).toEqual({ role: 'loyalty_app', standby: true })
    expect(seen.franchises).toEqual([bagelsFid])
  })

  it('a read that writes on the way (a campaign figure rolled up when asked) is made again on the primary', async () => {
    const from = logs.length
    const sent = new Date()
    const c = await addCampaign(primary.db, fid, { dispatch: 'SENT', frozenAt: sent, sentAt: sent })
    await cluster.caughtUp()
    const res = await app.inject({
      method: 'GET',
      url: `/api/v2/communication-campaigns/${c.id}/stats`,
      headers: bearer(owner),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ notified: 0 })
    const rolled = await primary.db.select().from(campaignStats).where(eq(campaignStats.campaignId, c.id))
    expect(rolled).toHaveLength(1)
    expect(logged('read replica', from)).toBe(0)
  })

  it('a replica lagging past the bound sends the reads to the primary, logged once', async () => {
    const from = logs.length
    await cluster.pauseReplay()
    await renameDirectly('Lefebvre')
    advance(CACHE_MS)
    // Behind, but within the bound: still read.
    expect(await storeNames()).not.toContain('Lefebvre')
    advance(MAX_LAG_MS + 1)
    expect(await storeNames()).toEqual(['Lefebvre'])
    advance(CACHE_MS)
    expect(await storeNames()).toEqual(['Lefebvre'])
    expect(logged('read replica lags', from)).toBe(1)

    await cluster.resumeReplay()
    await cluster.caughtUp()
    advance(CACHE_MS)
    expect(await storeNames()).toEqual(['Lefebvre'])
    expect(logged('read replica in use again', from)).toBe(1)
  })

  it('a stopped replica: reads answer from the primary, logged once; once back, the replica is read again', async () => {
    const from = logs.length
    await cluster.stop('replica')
    await renameDirectly('Moreau')
    // Within the cache: the replica is still believed up, its read fails and the primary answers it.
    expect(await storeNames()).toEqual(['Moreau'])
    for (let i = 0; i < 3; i++) {
      advance(CACHE_MS)
      expect(await storeNames()).toEqual(['Moreau'])
      expect(await names(owner)).toContain('Moreau')
    }
    expect(logged('read replica unreachable', from)).toBe(1)

    await cluster.start('replica')
    await cluster.caughtUp()
    await cluster.pauseReplay()
    await renameDirectly('Petit')
    // Before the retry, still the primary; after it, the replica (paused: the older name).
    advance(CACHE_MS)
    expect(await storeNames()).toEqual(['Petit'])
    advance(RETRY_MS)
    expect(await storeNames()).toEqual(['Moreau'])
    expect(logged('read replica in use again', from)).toBe(1)
    expect(logged('read replica unreachable', from)).toBe(1)
  })
})
