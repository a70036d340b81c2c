// The demo franchise (issue 8): every signed-in user reads it by its id (analytics, client list, card,
// offers), nobody writes to it (every write on a demo id is a 404 and changes nothing), and it is
// never anybody's franchise: the lists and defaults that pick "the caller's franchise" ignore it.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, franchises, loyaltyModels, loyaltyOffers, stores } from '../../src/server/db/schema'
import { seed } from '../../src/server/db/seed'
import { DEMO_CLIENT_COUNT, DEMO_FRANCHISE_NAME, demoSeed } from '../../src/server/db/seed/demo'
import { runRollup } from '../../src/server/services/analytics-rollups'
import { homeFranchiseId, ownFranchiseIds, scopeFrom, storeIdsFor } from '../../src/server/services/scope'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { balanceOf } from '../support/balances'
import { databaseKinds } from '../support/database'
import { eventually } from '../support/eventually'

describe.each(databaseKinds())('demo franchise on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let bagels: string
  let admin: string
  let demoId: string
  let demoStores: string[]
  let dupontId: string

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) })
  const ok = async (url: string, token: string) => {
    const res = await call('GET', url, token)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    await seed(t.database, () => {}, ['demo'])
    await runRollup(t.database.db)
    ;[owner, storeOwner, bagels, admin] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'bagels@demo.test', 'admin@demo.test'].map((e) =>
        loginAs(t.app, e),
      ),
    )) as [string, string, string, string]
    const db = t.database.db
    const [d] = await db.select().from(franchises).where(eq(franchises.isDemo, true))
    demoId = d!.id
    demoStores = (await db.select().from(stores).where(eq(stores.franchiseId, demoId))).map((s) => s.id)
    dupontId = (await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont')))[0]!.id
  }, 120_000)
  afterAll(() => t.close())

  it('seeds one demo franchise without an owner, once', async () => {
    const db = t.database.db
    const [d] = await db.select().from(franchises).where(eq(franchises.id, demoId))
    expect(d).toMatchObject({ name: DEMO_FRANCHISE_NAME, userId: null, isDemo: true, currencyCode: 'EUR' })
    expect(demoStores).toHaveLength(2)
    const lines: string[] = []
    await demoSeed.run({ db, log: (m) => lines.push(m) })
    const [n] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(franchises)
      .where(eq(franchises.isDemo, true))
    expect(n!.n).toBe(1)
    expect(lines).toEqual(['demo franchise already present'])
    const { rows } = await t.database.raw(
      `select count(*)::int as n, count(*) filter (where b.points <> coalesce(l.sum, 0))::int as mismatched
       from clients c join client_balances b on b.client_id = c.id left join (select client_id, sum(points)::int as sum from points_transactions group by client_id) l
       on l.client_id = c.id where c.franchise_id = '${demoId}'`,
    )
    expect(rows[0]).toMatchObject({ n: DEMO_CLIENT_COUNT, mismatched: 0 })
  })

  it('tells any signed-in user which franchise the demo is', async () => {
    for (const token of [owner, storeOwner, bagels, admin]) {
      const demo = await ok('/api/v2/demo', token)
      expect(demo.franchise).toEqual({
        id: demoId,
        name: DEMO_FRANCHISE_NAME,
        currencyCode: 'EUR',
        timezone: 'Europe/Paris',
        loyaltyType: 'PASSAGE',
      })
      expect(demo.stores.map((s: { id: string }) => s.id).sort()).toEqual([...demoStores].sort())
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/demo' })).statusCode).toBe(401)
  })

  it('lets an owner and a store owner read its analytics, clients, card and offers', async () => {
    for (const token of [owner, storeOwner, bagels]) {
      const count = await ok(`/api/v2/analytics/franchises/${demoId}/clients/count`, token)
      expect(count.count).toBe(DEMO_CLIENT_COUNT)
      const years = await ok(`/api/v2/analytics/franchises/${demoId}/history/years?events=visits`, token)
      expect(years.months.some((m: { visits: number }) => m.visits > 0)).toBe(true)
      await ok(`/api/v2/analytics/franchises/${demoId}/history/days?storeId=${demoStores[0]}`, token)
      await ok(`/api/v2/stores/${demoStores[0]}/analytics/returns`, token)
      const list = await ok(`/api/v2/franchises/clients?franchiseId=${demoId}&size=10`, token)
      expect(list.metadata.total).toBe(DEMO_CLIENT_COUNT)
      expect(list.data).toHaveLength(10)
      const card = await ok(`/api/v2/franchises/${demoId}/loyalty-model`, token)
      expect(card.name).toBe('Carte Comptoir Démo')
      const offers = await ok(`/api/v2/loyalties/offers?franchiseId=${demoId}`, token)
      expect(offers.map((o: { redeemPointAmount: number }) => o.redeemPointAmount)).toEqual([50, 100, 200])
      await ok(`/api/v2/franchises/${demoId}/clients/${list.data[0].id}`, token)
    }
  })

  it('answers every write on a demo id with a 404 and changes nothing', async () => {
    const db = t.database.db
    const [client] = await db.select().from(clients).where(eq(clients.franchiseId, demoId)).limit(1)
    const [model] = await db.select().from(loyaltyModels).where(eq(loyaltyModels.franchiseId, demoId))
    const [offer] = await db.select().from(loyaltyOffers).where(eq(loyaltyOffers.loyaltyModelId, model!.id))
    const before = {
      clients: (await db.select({ n: sql<number>`count(*)::int` }).from(clients))[0]!.n,
      points: (await balanceOf(db, client!.id)).points,
      offer: offer!.name,
      franchise: (await db.select().from(franchises).where(eq(franchises.id, demoId)))[0]!.name,
    }
    const writes: [Parameters<typeof call>[0], string, Record<string, unknown> | undefined][] = [
      [
        'PATCH',
        '/api/v2/loyalties/points',
        { userId: client!.id, merchantId: demoId, storeId: demoStores[0], points: 50 },
      ],
      ['POST', `/api/v2/franchises/${demoId}/users`, { firstName: 'Intrus', lastName: 'Test' }],
      [
        'PUT',
        `/api/v2/franchises/${demoId}/users`,
        { id: client!.id, firstName: 'Intrus', lastName: 'Test' },
      ],
      ['DELETE', `/api/v2/franchises/${demoId}/clients/${client!.id}`, undefined],
      [
        'PUT',
        `/api/v2/loyalty-models/${model!.id}/offers/${offer!.id}`,
        {
          name: 'Hacked',
          description: 'Un café offert avec la viennoiserie.',
          redeemPointAmount: 10,
          type: 'PERCENTAGE',
          value: 10,
        },
      ],
      ['POST', `/api/v2/loyalty-models/${model!.id}/offers/${offer!.id}/status`, { status: 'ARCHIVED' }],
      ['PATCH', `/api/v2/franchises/${demoId}`, { name: 'Hacked' }],
      ['PATCH', `/api/v2/stores/${demoStores[0]}/settings`, { hasScannerEnabled: true }],
      ['POST', `/api/v2/stores/${demoStores[0]}/clients/${client!.id}/sale`, { amount: 10 }],
    ]
    for (const token of [owner, storeOwner, bagels])
      for (const [method, url, payload] of writes) {
        const res = await call(method, url, token, payload)
        // A store owner may not make some of these writes at all (403): still nothing changes.
        expect([403, 404], `${method} ${url}: ${res.statusCode} ${res.body}`).toContain(res.statusCode)
        if (token !== storeOwner) expect(res.statusCode, `${method} ${url}`).toBe(404)
      }
    expect((await balanceOf(db, client!.id)).points).toBe(before.points)
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(clients))[0]!.n).toBe(before.clients)
    const [o] = await db.select().from(loyaltyOffers).where(eq(loyaltyOffers.id, offer!.id))
    expect([o!.name, o!.status]).toEqual([before.offer, 'ACTIVE'])
    expect((await db.select().from(franchises).where(eq(franchises.id, demoId)))[0]!.name).toBe(
      before.franchise,
    )
  })

  it('is never the caller’s franchise: lists and defaults leave it out', async () => {
    for (const token of [owner, storeOwner, bagels, admin]) {
      const owned = await call('GET', '/api/v2/franchises/owned', token)
      if (owned.statusCode === 200)
        expect(owned.json().map((f: { id: string }) => f.id)).not.toContain(demoId)
      const stores = await call('GET', '/api/v2/stores/owned', token)
      if (stores.statusCode === 200)
        for (const s of stores.json() as { id: string }[]) expect(demoStores).not.toContain(s.id)
    }
    // Without a franchise in the request, the caller's own (these tests seed no merchant clients,
    // card or postcodes: anything found would be the demo's).
    for (const token of [owner, storeOwner, bagels]) {
      const mine = await ok('/api/v2/franchises/clients?size=5', token)
      expect(mine.metadata.total).toBe(0)
      expect(await ok('/api/v2/loyalties/offers', token)).toEqual([])
      expect((await ok('/api/Analytics/topPostCode', token)).data).toEqual([])
      expect(await ok('/api/v2/users/search?value=a%40b.fr', token)).toEqual([])
    }
    // The satisfaction summary lists the caller's own stores only.
    for (const token of [owner, storeOwner]) {
      const summary = await ok('/api/v2/stores/opinions', token)
      expect(summary.stores.length).toBeGreaterThan(0)
      for (const s of summary.stores as { storeId: string }[]) expect(demoStores).not.toContain(s.storeId)
    }
    // A reader with no franchise of its own gets no default franchise; a write gets no demo at all.
    const demo = { franchiseIds: [demoId], storeIds: demoStores }
    const reader = scopeFrom('FRANCHISE_OWNER', [], [], demo)
    expect(reader.franchiseIds).toEqual([demoId])
    expect(homeFranchiseId(reader)).toBeUndefined()
    expect(ownFranchiseIds(reader)).toEqual([])
    const linked = scopeFrom('STORE_OWNER', [], [{ storeId: 's1', franchiseId: dupontId }], demo)
    expect(linked.storeIds).toEqual(['s1', ...demoStores])
    expect(homeFranchiseId(linked)).toBe(dupontId)
    expect(storeIdsFor(linked, dupontId)).toEqual(['s1'])
    expect(storeIdsFor(linked, demoId)).toBeNull()
    expect(scopeFrom('STORE_OWNER', [], [{ storeId: 's1', franchiseId: dupontId }])).toEqual({
      franchiseIds: [dupontId],
      storeIds: ['s1'],
    })
  })

  it('answers 404 DEMO_NOT_FOUND when no demo franchise is seeded', async () => {
    await t.database.db.update(franchises).set({ isDemo: false }).where(eq(franchises.id, demoId))
    try {
      const res = await call('GET', '/api/v2/demo', owner)
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('DEMO_NOT_FOUND')
      // No longer a demo: its figures are a foreign franchise's again (a change made outside the
      // server reaches its token cache through the database's notification).
      expect(
        await eventually(
          async () =>
            (await call('GET', `/api/v2/analytics/franchises/${demoId}/clients/count`, owner)).statusCode ===
            404,
        ),
      ).toBe(true)
    } finally {
      await t.database.db.update(franchises).set({ isDemo: true }).where(eq(franchises.id, demoId))
    }
  })
})
