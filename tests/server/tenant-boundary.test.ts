// Issue 16 item 7: the tenant is a boundary, not a convention. Every statement the app sends while a
// franchise owner, a store owner and staff use the tenant routes on their own data is recorded; a
// write on a tenant table or a read of one of its rows by id that carries no franchise condition
// fails the test (tests/support/tenant-sql.ts). A foreign id takes the scoped path: 404, nothing changed.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../src/domain/news'
import { todayIn } from '../../src/domain/today'
import { franchises, storeOpinions, storeOwners, stores, tags, users } from '../../src/server/db/schema'
import { allow } from '../../src/server/plugins/route-contract'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'
import { POS_FORM } from '../support/pos-fixtures'
import { StatementRecorder, tenantTablesOf, unscopedReason, unscopedStatements } from '../support/tenant-sql'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
const NO_CLIENT = '00000000-0000-4000-8000-000000000001'

describe.each(databaseKinds())('the tenant boundary on %s', (kind) => {
  const recorder = new StatementRecorder()
  let t: TestApp
  let owner: string
  let storeOwner: string
  let admin: string
  let bagels: string
  let fid: string
  let mine: string // the store owner's store
  let other: string // another store of the franchise
  let bagelsStore: string
  let tables: string[] // the tenant tables, as the catalogue names them

  /** A call that must succeed; its statements are recorded. */
  const step = async (token: string, method: Method, url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
    return res.body ? res.json() : null
  }
  const recorded = (run: () => Promise<unknown>) => recorder.during(run)

  beforeAll(async () => {
    t = await startTestApp(kind, {
      seed: true,
      db: { logger: recorder },
      // A deliberately unscoped write, to show that the check catches one sent by a route.
      extend: (app) =>
        app.patch('/test/unscoped-tag/:id', allow('owner'), async (request) => {
          const { id } = request.params as { id: string }
          await app.database.db.update(tags).set({ name: 'Taken' }).where(eq(tags.id, id))
          return { ok: true }
        }),
    })
    ;[owner, storeOwner, admin, bagels] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'admin@demo.test', 'bagels@demo.test'].map((e) =>
        loginAs(t.app, e),
      ),
    )) as [string, string, string, string]
    tables = await tenantTablesOf(t.database)
    const db = t.database.db
    const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    const [b] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    fid = f!.id
    const [link] = await db.select().from(storeOwners).where(eq(storeOwners.franchiseId, fid))
    mine = link!.storeId
    other = (await db.select().from(stores).where(eq(stores.franchiseId, fid))).find((s) => s.id !== mine)!.id
    bagelsStore = (await db.select().from(stores).where(eq(stores.franchiseId, b!.id)))[0]!.id
  }, 120_000)
  afterAll(() => t?.close())

  it('finds a deliberately unscoped write, sent directly or by a route', async () => {
    const tag = await step(owner, 'POST', `/api/v2/stores/${mine}/tags`, { name: 'Comptoir' })
    const direct = await recorded(() =>
      t.database.db.update(tags).set({ name: 'X' }).where(eq(tags.id, tag.id)),
    )
    expect(unscopedStatements(direct, tables)).toHaveLength(1)
    const viaRoute = await recorded(() => step(owner, 'PATCH', `/test/unscoped-tag/${tag.id}`))
    expect(unscopedStatements(viaRoute, tables).map((s) => s.reason)).toEqual([
      'a write on tags without its franchise condition',
    ])
    // The same write through the service carries its scope.
    const scoped = await recorded(() => step(owner, 'PATCH', `/api/v2/tags/${tag.id}`, { name: 'Caisse' }))
    expect(scoped.some((s) => /^update "tags"/.test(s))).toBe(true)
    expect(unscopedStatements(scoped, tables)).toEqual([])
  })

  it('reads each statement kind as it should', () => {
    // The catalogue names the tenant tables: those with a franchise, and the franchises; not the users.
    expect(tables).toEqual(
      expect.arrayContaining(['franchises', 'stores', 'clients', 'coupons', 'tags', 'campaigns']),
    )
    expect(tables).not.toContain('users')
    expect(unscopedReason('select "id" from "stores" where "stores"."id" = $1', tables)).toMatch(/read by id/)
    expect(
      unscopedReason(
        'select "id" from "stores" where ("stores"."id" = $1 and "stores"."franchise_id" in ($2))',
        tables,
      ),
    ).toBeNull()
    expect(unscopedReason('delete from "coupons"', tables)).toMatch(/write on coupons/)
    expect(
      unscopedReason('update "franchises" set "name" = $1 where "franchises"."id" = $2', tables),
    ).toMatch(/write on franchises/)
    expect(
      unscopedReason(
        'update "franchises" set "name" = $1 where ("franchises"."id" = $2 and "franchises"."id" in ($3))',
        tables,
      ),
    ).toBeNull()
    expect(unscopedReason('update "users" set "role" = $1 where "users"."id" = $2', tables)).toBeNull()
    expect(unscopedReason('select "id" from "stores" where "stores"."franchise_id" = $1', tables)).toBeNull()
  })

  it('sends no unscoped statement while owners and staff use the tenant routes', async () => {
    // A customer's opinion (a public call: no tenant, so not recorded).
    const opinion = await t.app.inject({
      method: 'POST',
      url: `/api/stores/${mine}/storeOpinions`,
      payload: { rating: 4, comment: 'Bon accueil' },
    })
    expect(opinion.statusCode, opinion.body).toBe(201)
    const ids = Object.fromEntries(
      (await t.database.db.select({ id: users.id, email: users.email }).from(users)).map((u) => [
        u.email.split('@')[0],
        u.id,
      ]),
    ) as Record<string, string>
    const [storeOwnerId, ownerId] = [ids.store!, ids.owner!]
    const statements = await recorded(async () => {
      // The loyalty card and its offers (franchise owner), its type (staff).
      const card = await step(owner, 'POST', '/api/LoyaltyModels', {
        name: 'Carte Dupont',
        loyaltyType: 'MANUAL_AMOUNT',
        earnRate: 1,
        storeIds: [mine, other],
      })
      await step(owner, 'PUT', `/api/v2/loyalty-models/${card.id}`, {
        name: 'Carte Dupont 2',
        loyaltyType: 'MANUAL_AMOUNT',
        earnRate: 2,
        storeIds: [mine, other],
      })
      const offer = await step(owner, 'POST', `/api/LoyaltyModels/${card.id}/loyaltyOffers`, {
        name: 'Café offert',
        description: 'Un café avec la viennoiserie.',
        redeemPointAmount: 50,
        type: 'PERCENTAGE',
        value: 10,
      })
      await step(owner, 'PUT', `/api/v2/loyalty-models/${card.id}/offers/${offer.id}`, {
        name: 'Café offert',
        description: 'Deux cafés avec la viennoiserie.',
        redeemPointAmount: 60,
        type: 'PERCENTAGE',
        value: 10,
      })
      await step(owner, 'POST', `/api/v2/loyalty-models/${card.id}/offers/${offer.id}/status`, {
        status: 'ARCHIVED',
      })
      await step(storeOwner, 'GET', `/api/v2/loyalties/offers?storeId=${mine}&includeArchived=true`)
      await step(admin, 'GET', `/api/v2/franchises/${fid}/loyalty-model`)
      await step(admin, 'PATCH', `/api/v2/loyalties/${card.id}/loyalty-type`, {
        loyaltyType: 'MANUAL_AMOUNT',
      })

      // Stores.
      await step(storeOwner, 'GET', `/api/Stores/${mine}`)
      await step(storeOwner, 'PUT', `/api/v2/stores/${mine}`, { name: 'Dupont Comptoir' })
      await step(admin, 'PATCH', `/api/v2/stores/${mine}/settings`, { hasScannerEnabled: true })
      await step(admin, 'GET', `/api/v2/franchises/${fid}/stores/list`)
      const extra = await step(owner, 'POST', '/api/v2/stores', { name: 'Dupont Extra' })
      await step(owner, 'DELETE', `/api/stores/${extra.id}`)

      // Tags: a store owner on its store, the franchise owner deletes.
      const tag = await step(storeOwner, 'POST', `/api/v2/stores/${mine}/tags`, { name: 'Caisse 2' })
      await step(storeOwner, 'PATCH', `/api/v2/tags/${tag.id}`, { name: 'Caisse 3' })
      await step(storeOwner, 'POST', `/api/v2/tags/${tag.id}/inject-points`, { amount: '12.50' })
      await step(storeOwner, 'POST', `/api/v2/tags/${tag.id}/reset-points`)
      await step(storeOwner, 'GET', `/api/v2/tags/${tag.id}`)
      await step(owner, 'DELETE', `/api/v2/tags/${tag.id}`)

      // Point of sale.
      const pos = await step(owner, 'POST', '/pos-merchant-accounts', { ...POS_FORM, storeId: mine })
      await step(storeOwner, 'PUT', `/pos-merchant-accounts/${pos.id}`, { ...POS_FORM, resetDelay: 60 })
      await step(storeOwner, 'POST', `/pos-merchant-accounts/${pos.id}/secret`)
      await step(storeOwner, 'GET', `/pos-merchant-accounts/search?storeId=${mine}`)
      await step(storeOwner, 'GET', `/api/v2/stores/${mine}/pos-orders`)

      // Clients: create, edit, points, a sale, delete.
      const client = await step(storeOwner, 'POST', `/api/v2/franchises/${fid}/users`, {
        firstName: 'Denise',
        lastName: 'Roux',
        phone: '06 98 76 54 32',
        storeId: mine,
      })
      await step(storeOwner, 'PUT', `/api/v2/franchises/${fid}/users`, {
        id: client.id,
        firstName: 'Denise',
        lastName: 'Rousseau',
        phone: '06 98 76 54 32',
      })
      await step(storeOwner, 'PATCH', '/api/v2/loyalties/points', {
        merchantId: fid,
        userId: client.id,
        storeId: mine,
        points: 20,
      })
      await step(storeOwner, 'POST', `/api/v2/stores/${mine}/clients/${client.id}/sale`, { amount: '8.00' })
      await step(owner, 'DELETE', `/api/v2/franchises/${fid}/clients/${client.id}`)

      // News and happy hours (issue 19): a store owner's item on its store, the owner's calendar.
      const newsBody = {
        name: 'Apéro',
        type: 'happy-hours',
        startDate: '2031-01-01',
        endDate: '2031-01-31',
        happyHourStart: '18:00',
        happyHourEnd: '20:00',
        storeIds: [mine],
      }
      const item = await step(storeOwner, 'POST', `/api/v2/franchises/${fid}/news`, newsBody)
      await step(storeOwner, 'PUT', `/api/v2/news/${item.id}`, { ...newsBody, name: 'Apéro 2' })
      await step(storeOwner, 'PATCH', `/api/v2/news/${item.id}/stop`)
      await step(storeOwner, 'PATCH', `/api/v2/news/${item.id}/restart`)
      await step(storeOwner, 'GET', `/api/v2/news/${item.id}`)
      await step(owner, 'GET', `/api/v2/franchises/${fid}/news?status=upcoming`)
      await step(
        owner,
        'GET',
        `/api/v2/franchises/${fid}/calendar?from=2031-01-01&to=2031-01-31&storeId=${mine}`,
      )
      await step(storeOwner, 'DELETE', `/api/v2/news/${item.id}`)

      // The franchise page (staff set the sender id too).
      await step(storeOwner, 'GET', `/api/v2/franchises/${fid}`)
      await step(owner, 'PATCH', `/api/v2/franchises/${fid}`, { name: 'Maison Dupont' })
      await step(owner, 'PATCH', `/api/v2/franchises/${fid}/theme`, {
        primaryColor: '#112233',
        secondaryColor: '#445566',
        tertiaryColor: '#778899',
      })
      await step(owner, 'PUT', `/api/franchises/${fid}/clientQualification`, {
        lostCustomers: { timeSinceLastVisit: { value: 2, unit: 'weeks' } },
      })
      await step(admin, 'PATCH', `/api/v2/franchises/${fid}/sender-id`, { senderId: 'Dupont' })

      // Store owners.
      const so = await step(owner, 'POST', '/api/v2/users/owners', {
        email: 'new-owner@demo.test',
        storeIds: [mine],
      })
      await step(owner, 'GET', '/api/v2/users/owners')
      await step(owner, 'PUT', `/api/v2/users/owners/${so.id}`, { storeIds: [mine, other] })
      await step(owner, 'DELETE', `/api/v2/users/owners/${so.id}`)

      // Opinions: the reply and the lists.
      await step(storeOwner, 'PUT', `/api/stores/${mine}/storeOpinions/${opinion.json().id}`, {
        reply: 'Merci !',
      })
      await step(storeOwner, 'GET', `/api/v2/stores/${mine}/opinions`)
      await step(storeOwner, 'GET', `/api/v2/stores/opinions?storeId=${mine}`)

      // Campaigns: a store owner's on its store, the owner's and staff's calls, the send controls, the reads.
      // Each creates its news item (issue 19; an edit sending none keeps it), before the seeded ones begin.
      const today = todayIn('Europe/Paris')
      const campaign = (userId: string, storeIds: string[], news = true) => ({
        userId,
        channel: 'SMS',
        content: 'NEWS',
        ...(news ? { news: { startDate: today, endDate: addDays(today, 6) } } : {}),
        communicationCampaign: {
          name: 'Soldes',
          type: 'MANUAL_CAMPAIGN',
          notification: { title: '', message: 'Soldes -20%' },
          isScheduled: false,
          campaignFilters: { storeIds },
        },
      })
      const audience = { channel: 'PUSH', campaignFilters: {} }
      const mineC = await step(
        storeOwner,
        'POST',
        `/api/v2/franchises/${fid}/communication-campaigns`,
        campaign(storeOwnerId, []),
      )
      await step(
        storeOwner,
        'PUT',
        `/api/v2/communication-campaigns/${mineC.id}`,
        campaign(storeOwnerId, [mine], false),
      )
      await step(storeOwner, 'PATCH', `/api/v2/communication-campaigns/${mineC.id}/pause`)
      await step(storeOwner, 'PATCH', `/api/v2/communication-campaigns/${mineC.id}/resume`)
      await step(
        storeOwner,
        'POST',
        `/services/v2/franchises/${fid}/communication-campaigns/${mineC.id}/send`,
      )
      await step(storeOwner, 'GET', `/api/v2/communication-campaigns/${mineC.id}/recipients`)
      await step(storeOwner, 'PATCH', `/api/v2/communication-campaigns/${mineC.id}/cancel`)
      const wide = await step(
        admin,
        'POST',
        `/api/v2/franchises/${fid}/communication-campaigns`,
        campaign(ownerId, []),
      )
      await step(owner, 'GET', `/api/v2/communication-campaigns/${wide.id}`)
      await step(owner, 'GET', `/api/v2/franchises/${fid}/communication-campaigns?status=scheduled`)
      await step(
        storeOwner,
        'POST',
        `/api/v2/franchises/${fid}/communication-campaigns/notified-users`,
        audience,
      )
      await t.app.inject({
        method: 'POST',
        url: `/services/v2/franchises/${fid}/communication-campaigns/cost`,
        headers: bearer(owner),
        payload: audience,
      })
    })
    expect(statements.length).toBeGreaterThan(100)
    expect(
      unscopedStatements(statements, tables).map(
        (s) => `${s.reason}: ${s.sql.slice(s.sql.search(/\bwhere\b/i))}`,
      ),
    ).toEqual([])
  })

  it('meets a foreign store, tag or franchise with a 404, changing nothing', async () => {
    const db = t.database.db
    const before = (await db.select().from(stores).where(eq(stores.id, bagelsStore)))[0]!
    const send = (method: Method, url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(owner), ...(payload ? { payload } : {}) })
    expect((await send('PUT', `/api/v2/stores/${bagelsStore}`, { name: 'Taken' })).statusCode).toBe(404)
    expect(
      (await send('PATCH', `/api/v2/stores/${bagelsStore}/settings`, { hasScannerEnabled: true })).statusCode,
    ).toBe(404)
    expect((await send('DELETE', `/api/stores/${bagelsStore}`)).statusCode).toBe(404)
    expect((await send('GET', `/api/v2/stores/${bagelsStore}/opinions`)).statusCode).toBe(404)
    expect((await send('GET', `/api/v2/stores/opinions?storeId=${bagelsStore}`)).statusCode).toBe(404)
    expect((await db.select().from(stores).where(eq(stores.id, bagelsStore)))[0]).toEqual(before)

    // The store owner: the franchise's other store is foreign too.
    const asStoreOwner = (method: Method, url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(storeOwner), ...(payload ? { payload } : {}) })
    expect(
      (await asStoreOwner('PATCH', `/api/v2/stores/${other}/settings`, { hasScannerEnabled: false }))
        .statusCode,
    ).toBe(404)
    expect(
      (await asStoreOwner('POST', `/api/v2/stores/${other}/clients/${NO_CLIENT}/sale`, { amount: '5' }))
        .statusCode,
    ).toBe(404)
    // An opinion of the other store: neither through its store nor through the store owner's own.
    const left = await t.app.inject({
      method: 'POST',
      url: `/api/stores/${other}/storeOpinions`,
      payload: { rating: 2, comment: 'Long' },
    })
    const otherOpinion = left.json().id
    for (const store of [other, mine])
      expect(
        (await asStoreOwner('PUT', `/api/stores/${store}/storeOpinions/${otherOpinion}`, { reply: 'Taken' }))
          .statusCode,
      ).toBe(404)
    const [kept] = await db.select().from(storeOpinions).where(eq(storeOpinions.id, otherOpinion))
    expect(kept!.reply).toBeNull()

    // A tag of Brooklyn Bagels: patch, delete and reset are 404s and the tag stays as it was.
    const bagelsTag = await t.app.inject({
      method: 'POST',
      url: `/api/v2/stores/${bagelsStore}/tags`,
      headers: bearer(bagels),
      payload: { name: 'Bagels' },
    })
    const tagId = bagelsTag.json().id
    expect((await send('PATCH', `/api/v2/tags/${tagId}`, { name: 'Taken' })).statusCode).toBe(404)
    expect((await send('DELETE', `/api/v2/tags/${tagId}`)).statusCode).toBe(404)
    expect((await send('POST', `/api/v2/tags/${tagId}/reset-points`)).statusCode).toBe(404)
    expect((await db.select().from(tags).where(eq(tags.id, tagId)))[0]?.name).toBe('Bagels')

    // Brooklyn Bagels' franchise page: its owner reaches it, Maison Dupont's owner does not.
    const bagelsFid = before.franchiseId
    expect(
      (
        await send('PATCH', `/api/v2/franchises/${bagelsFid}/theme`, {
          primaryColor: '#000000',
          secondaryColor: '#000000',
          tertiaryColor: '#000000',
        })
      ).statusCode,
    ).toBe(404)
    const [bf] = await db.select().from(franchises).where(eq(franchises.id, bagelsFid))
    expect(bf!.theme).not.toEqual({
      primaryColor: '#000000',
      secondaryColor: '#000000',
      tertiaryColor: '#000000',
    })
  })
})
