// The per-process token cache (src/server/services/token-cache.ts): what it keeps, and that a change
// made anywhere (this process, another process, plain SQL) is seen by every process.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/server/app'
import { testConfig } from '../../src/server/config'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { TokenCache } from '../../src/server/services/token-cache'
import type { TokenOwner } from '../../src/server/services/tokens'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'
import { eventually } from '../support/eventually'

const owner = (expiresAt: Date): TokenOwner =>
  ({
    tokenHash: 'h',
    impostorOf: null,
    expiresAt,
    owned: [],
    links: [],
    demo: { franchiseIds: [], storeIds: [] },
  }) as never

describe('TokenCache', () => {
  const later = new Date(Date.now() + 3_600_000)

  it('keeps nothing until notifications are live, and nothing again once they drop', () => {
    const cache = new TokenCache()
    cache.keep('a', owner(later), cache.begin())
    expect(cache.get('a')).toBeUndefined()
    cache.setLive(true)
    cache.keep('a', owner(later), cache.begin())
    expect(cache.get('a')).toBeDefined()
    cache.setLive(false)
    expect(cache.get('a')).toBeUndefined()
    cache.keep('a', owner(later), cache.begin())
    expect(cache.size).toBe(0)
  })

  it('does not keep a lookup that began before a change', () => {
    const cache = new TokenCache()
    cache.setLive(true)
    const generation = cache.begin()
    cache.clear() // a change committed while the lookup ran
    cache.keep('a', owner(later), generation)
    expect(cache.get('a')).toBeUndefined()
  })

  it('forgets an entry at its time to live or at the token expiry, whichever comes first', () => {
    const cache = new TokenCache(1_000)
    cache.setLive(true)
    const now = 1_000_000
    cache.keep('long', owner(new Date(now + 60_000)), cache.begin(), now)
    cache.keep('short', owner(new Date(now + 500)), cache.begin(), now)
    expect(cache.get('long', now + 999)).toBeDefined()
    expect(cache.get('long', now + 1_000)).toBeUndefined()
    expect(cache.get('short', now + 499)).toBeDefined()
    expect(cache.get('short', now + 500)).toBeUndefined()
  })

  it('holds at most its size, dropping the oldest first', () => {
    const cache = new TokenCache(60_000, 2)
    cache.setLive(true)
    for (const k of ['a', 'b', 'c']) cache.keep(k, owner(later), cache.begin())
    expect(cache.size).toBe(2)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('c')).toBeDefined()
  })
})

describe.each(databaseKinds())('token cache on %s', (kind) => {
  let t: TestApp
  /** A second server process on the same database. */
  let other: FastifyInstance
  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    other = await buildApp(testConfig({ databaseUrl: t.database.url }), { database: t.database })
    await other.ready()
    await eventually(async () => t.app.tokenCache.size >= 0)
  })
  afterAll(async () => {
    await other.close()
    await t.close()
  })
  const me = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/v2/users/me', headers: bearer(token) })

  it('keeps a resolved token through reads and points moves; any other write drops it', async () => {
    const token = await loginAs(t.app, 'owner@demo.test')
    expect((await me(t.app, token)).statusCode).toBe(200)
    expect(t.app.tokenCache.size).toBeGreaterThan(0)
    // A points move says it changes no token, user or store: the cache stays.
    const move = await t.app.inject({
      method: 'PATCH',
      url: '/api/v2/loyalties/points',
      headers: bearer(token),
      payload: { userId: '00000000-0000-4000-8000-000000000000', merchantId: 'x', storeId: 'y', points: 5 },
    })
    expect(move.statusCode).toBe(400)
    expect(t.app.tokenCache.size).toBeGreaterThan(0)
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/not-me',
      headers: bearer(token),
      payload: {},
    })
    expect(profile.statusCode).toBeGreaterThanOrEqual(400)
    expect(t.app.tokenCache.size).toBe(0)
  })

  it('refuses a token at once after its logout in the same process', async () => {
    const token = await loginAs(t.app, 'bagels@demo.test')
    expect((await me(t.app, token)).statusCode).toBe(200)
    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) })
    expect(out.statusCode).toBeLessThan(300)
    expect((await me(t.app, token)).statusCode).toBe(401)
  })

  it('refuses a token revoked by another process, once told', async () => {
    const token = await loginAs(t.app, 'bagels@demo.test')
    expect((await me(t.app, token)).statusCode).toBe(200)
    expect((await me(other, token)).statusCode).toBe(200)
    const out = await other.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) })
    expect(out.statusCode).toBeLessThan(300)
    expect(await eventually(async () => (await me(t.app, token)).statusCode === 401)).toBe(true)
  })

  it('sees a user changed by plain SQL (role and e-mail), once told', async () => {
    const token = await loginAs(t.app, 'registered@demo.test')
    const before = (await me(t.app, token)).json()
    await t.database.raw(`update users set email = 'renamed@demo.test' where id = $1`, [before.id])
    expect(await eventually(async () => (await me(t.app, token)).json().email === 'renamed@demo.test')).toBe(
      true,
    )
    await t.database.raw(`update users set email = 'registered@demo.test' where id = $1`, [before.id])
  })

  it("drops a store owner's unlinked store from its scope in every process", async () => {
    const token = await loginAs(t.app, 'store@demo.test')
    const [link] = (
      await t.database.raw(
        `select so.store_id from store_owners so join users u on u.id = so.user_id where u.email = 'store@demo.test' limit 1`,
      )
    ).rows
    const storeId = String(link!.store_id)
    const clients = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: `/api/v2/stores/${storeId}/clients`, headers: bearer(token) })
    expect((await clients(t.app)).statusCode).toBe(200)
    const saved = (await t.database.raw('select * from store_owners where store_id = $1', [storeId])).rows
    await t.database.raw('delete from store_owners where store_id = $1', [storeId])
    expect(await eventually(async () => (await clients(t.app)).statusCode === 404)).toBe(true)
    for (const row of saved)
      await t.database.raw(
        `insert into store_owners select * from json_populate_record(null::store_owners, $1::json)`,
        [JSON.stringify(row)],
      )
    expect(await eventually(async () => (await clients(t.app)).statusCode === 200)).toBe(true)
  })

  it.runIf(kind === 'postgres')('keeps nothing while its notification connection is down', async () => {
    const token = await loginAs(t.app, 'owner@demo.test')
    await me(t.app, token)
    expect(t.app.tokenCache.size).toBeGreaterThan(0)
    // Ending another session's backend is the owner's (the app's role may not: db/tenant-context.ts).
    await runAs(OWNER, () =>
      t.database.raw(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'loyalty-backoffice-listen' and datname = current_database()`,
      ),
    )
    expect(await eventually(async () => t.app.tokenCache.size === 0 && other.tokenCache.size === 0)).toBe(
      true,
    )
    // Back after a moment: it keeps again.
    expect(
      await eventually(async () => {
        await me(t.app, token)
        return t.app.tokenCache.size > 0
      }),
    ).toBe(true)
  })
})
