import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERASED_MARK } from '../../src/domain/gdpr'
import {
  auditLog,
  campaignRecipients,
  clientCrmValues,
  clients,
  outbox,
  phoneCodes,
  rateLimits,
  scanDevices,
  smsOptOuts,
  storeOpinions,
  stores,
} from '../../src/server/db/schema'
import { runRollup } from '../../src/server/services/analytics-rollups'
import { countAudience } from '../../src/server/services/campaign-audience'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { addCampaign, franchiseNamed } from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'

// Values found nowhere else, so that any of them left anywhere is this client's.
const FIRST = 'Zephyrine'
const LAST = 'Quaxworthy'
const EMAIL = 'zephyrine.quax@example.test'
const PHONE = '+33698765432'
const DISTINCT = [FIRST, LAST, 'zephyrine', 'quaxworthy', '98765432', 'quax@']

describe.each(databaseKinds())('GDPR access and erasure on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let bagels: string
  let fid: string
  let bagelsFid: string
  let paris: string
  let clientId: string
  let bobId: string

  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, token = owner, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
  const erase = (id = clientId, token = owner, f = fid) =>
    inject('POST', `/api/v2/franchises/${f}/clients/${id}/erase`, token)

  /** Every text and JSON column of every table, searched for the client's distinctive values. */
  async function leftovers(): Promise<string[]> {
    const db = t.database.db
    const cols = (
      (await db.execute(sql`select c.table_name as t, c.column_name as c from information_schema.columns c
        join information_schema.tables x on x.table_schema = c.table_schema and x.table_name = c.table_name
        where c.table_schema = current_schema() and x.table_type = 'BASE TABLE'
          and c.data_type in ('text', 'jsonb', 'json', 'character varying', 'ARRAY')`)) as unknown as {
        rows: { t: string; c: string }[]
      }
    ).rows
    const found: string[] = []
    for (const { t: table, c: column } of cols) {
      const res = (await db.execute(
        sql`select count(*)::int as n from ${sql.raw(`"${table}"`)} where ${sql.join(
          DISTINCT.map((v) => sql`${sql.raw(`"${column}"`)}::text ilike ${`%${v}%`}`),
          sql` or `,
        )}`,
      )) as unknown as { rows: { n: number }[] }
      if (Number(res.rows[0]?.n) > 0) found.push(`${table}.${column}`)
    }
    return found
  }

  /** The franchise's figures, as the analytics screens and the client list read them. */
  async function figures() {
    await runRollup(t.database.db)
    const day = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10)
    const period = `startDate=${day(-30 * 86400_000)}&endDate=${day(86400_000)}`
    const a = `/api/v2/analytics/franchises/${fid}`
    const urls = [
      `${a}/history/days?${period}`,
      `${a}/clients/count`,
      `/api/v2/franchises/${fid}/roi?${period}`,
      `${a}/users/conversion-rate?${period}`,
      `${a}/loyalty-offers/redeemed?${period}`,
      '/api/v2/franchises/clients?size=5',
      `/api/v2/stores/${paris}/analytics/returns`,
    ]
    const out: Record<string, unknown> = {}
    for (const url of urls) {
      const res = await inject('GET', url)
      expect(res.statusCode, url).toBe(200)
      out[url] = url.includes('franchises/clients') ? res.json().metadata : res.json()
    }
    return out
  }

  /** Where a client shows: list pages, counts (franchise, store owner's store), CSV exports, audience. */
  async function everywhere() {
    const json = async (url: string, token = owner) => {
      const res = await inject('GET', url, token)
      expect(res.statusCode, url).toBe(200)
      return res.json()
    }
    const csvLines = async (url: string) => {
      const res = await inject('GET', url)
      expect(res.statusCode, url).toBe(200)
      return res.body.trim().split(/\r?\n/).length - 1
    }
    const page = await json('/api/v2/franchises/clients?size=5&sort=createdAt&order=desc')
    const crm = await json(`/api/v2/franchises/${fid}/crm-clients?size=10`)
    const mine = await json('/api/v2/franchises/clients?size=5&sort=createdAt&order=desc', storeOwner)
    const clock = { today: new Date().toISOString().slice(0, 10), now: new Date() }
    return {
      ids: [...page.data, ...crm.data, ...mine.data].map((c: { id: string }) => c.id),
      total: page.metadata.total as number,
      crmTotal: crm.metadata.total as number,
      storeTotal: mine.metadata.total as number,
      storeCount: (await json(`/api/v2/analytics/franchises/${fid}/clients/count?storeId=${paris}`))
        .count as number,
      exported: await csvLines(`/api/v2/exports/clients?franchiseId=${fid}`),
      crmExported: await csvLines(`/api/v2/franchises/${fid}/crm-clients/export.csv`),
      pushAudience: await countAudience(t.database.db, fid, 'PUSH', {}, clock),
    }
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    ;[owner, storeOwner, bagels] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'bagels@demo.test'].map((e) => loginAs(t.app, e)),
    )) as [string, string, string]
    const db = t.database.db
    fid = (await franchiseNamed(db, 'Maison Dupont')).id
    bagelsFid = (await franchiseNamed(db, 'Brooklyn Bagels')).id
    const s = await db.select().from(stores).where(eq(stores.franchiseId, fid))
    paris = s.find((x) => x.name.includes('Paris'))!.id
    const created = await inject('POST', `/api/v2/franchises/${fid}/users`, owner, {
      firstName: FIRST,
      lastName: LAST,
      email: EMAIL,
      phone: PHONE,
      gender: 'female',
      birthDate: '1990-04-02',
      postcode: '75004',
      storeId: paris,
    })
    expect(created.statusCode).toBe(201)
    clientId = created.json().id
    // Points through the ledger: a sale and a manual credit.
    for (const amount of [12.5]) {
      const sale = await inject('POST', `/api/v2/stores/${paris}/clients/${clientId}/sale`, owner, { amount })
      expect(sale.statusCode).toBe(200)
    }
    await inject('PATCH', '/api/v2/loyalties/points', owner, {
      userId: clientId,
      merchantId: fid,
      storeId: paris,
      points: 7,
    })
    const bob = await inject('POST', `/api/v2/franchises/${bagelsFid}/users`, bagels, {
      firstName: 'Bob',
      lastName: 'Bagel',
    })
    bobId = bob.json().id
    // Everything else that keeps the client's fields.
    await db
      .insert(clientCrmValues)
      .values({ clientId, franchiseId: fid, localId: 'nickname', value: `${FIRST} la boulangère` })
    const campaign = await addCampaign(db, fid, { dispatch: 'SENDING' })
    const later = await addCampaign(db, fid, { dispatch: 'SENDING', name: 'Later' })
    await db.insert(campaignRecipients).values([
      {
        campaignId: campaign.id,
        clientId,
        franchiseId: fid,
        channel: 'SMS',
        address: PHONE,
        status: 'SENT',
        sentAt: new Date(),
      },
      { campaignId: later.id, clientId, franchiseId: fid, channel: 'SMS', address: PHONE, status: 'PENDING' },
    ])
    await db.insert(outbox).values([
      { franchiseId: fid, channel: 'sms', recipient: PHONE, body: `Bonjour ${FIRST}, -20% ce week-end` },
      { franchiseId: fid, channel: 'push', recipient: clientId, subject: `${FIRST}`, body: 'Soldes' },
    ])
    const now = new Date()
    await db.insert(phoneCodes).values({
      purpose: 'emarketing',
      scopeId: fid,
      phone: PHONE,
      codeHash: 'x',
      sentAt: now,
      expiresAt: now,
    })
    await db
      .insert(scanDevices)
      .values({ franchiseId: fid, phone: PHONE, tokenHash: 'y', createdAt: now, expiresAt: now })
    await db.insert(smsOptOuts).values({ franchiseId: fid, phone: PHONE })
    await db.insert(rateLimits).values({ key: `scan:phone:${PHONE}`, windowStart: now, count: 1 })
    await db
      .insert(storeOpinions)
      .values({ franchiseId: fid, storeId: paris, clientId, rating: 5, comment: `${FIRST} adore` })
  }, 180_000)
  afterAll(() => t?.close())

  it('hands out everything held about the client, as JSON and as a readable page', async () => {
    const res = await inject('GET', `/api/v2/franchises/${fid}/clients/${clientId}/personal-data`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/maison-dupont-personal-data-\d{4}-\d{2}-\d{2}\.json/)
    const data = res.json()
    expect(data.client).toMatchObject({ firstName: FIRST, lastName: LAST, email: EMAIL, phone: PHONE })
    expect(data.byClientId.points_transactions).toHaveLength(2)
    expect(data.byClientId.client_crm_values[0].value).toContain(FIRST)
    expect(data.byClientId.campaign_recipients).toHaveLength(2)
    expect(data.byClientId.store_opinions[0].comment).toContain(FIRST)
    expect(data.byClientId.client_stores).toHaveLength(1)
    expect(Object.keys(data.byClientId)).toEqual(
      expect.arrayContaining(['coupons', 'client_balances', 'game_participants', 'emarketing_registrations']),
    )
    expect(data.byContact.sms_opt_outs).toHaveLength(1)
    expect(data.byContact.outbox).toHaveLength(2)
    expect(data.byContact.phone_codes).toHaveLength(1)
    // Hashes prove, they do not describe: never handed out.
    expect(data.byContact.phone_codes[0]).not.toHaveProperty('code_hash')
    expect(data.byContact.scan_devices[0]).not.toHaveProperty('token_hash')
    const html = await inject(
      'GET',
      `/api/v2/franchises/${fid}/clients/${clientId}/personal-data?format=html&locale=fr`,
    )
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(html.body).toContain('Données personnelles')
    expect(html.body).toContain(FIRST)
    expect(html.body).not.toContain('<script')
  })

  it('hands out the readable copy of a client who never visited (no visit date to write)', async () => {
    // Landing page, import, scan and game sign-ups start like this: a client with no visit at all.
    const created = await inject('POST', `/api/v2/franchises/${fid}/users`, owner, {
      firstName: 'Néovisite',
      lastName: 'Jamais',
    })
    expect(created.statusCode).toBe(201)
    const url = `/api/v2/franchises/${fid}/clients/${created.json().id}/personal-data`
    for (const locale of ['en', 'fr']) {
      const html = await inject('GET', `${url}?format=html&locale=${locale}`)
      expect(html.statusCode).toBe(200)
      expect(html.body).toContain('Néovisite')
      expect(html.body).not.toMatch(/Invalid|NaN|infinity/i)
    }
    const json = await inject('GET', url)
    expect(json.json().client).toMatchObject({ firstName: 'Néovisite', lastVisitAt: null })
    // The list's sort keys are the database's, not facts about the person: not in the copy.
    expect(json.json().client).not.toHaveProperty('lastVisitKey')
  })

  it('erases every personal field, keeps every figure, stops messages, and records who asked', async () => {
    expect(await leftovers()).not.toEqual([])
    const db = t.database.db
    // Active in the app: in a push audience until erased.
    await db.update(clients).set({ appLastUsedAt: new Date() }).where(eq(clients.id, clientId))
    const before = await figures()
    const listed = await everywhere()
    expect(listed.ids).toContain(clientId)
    const res = await erase()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ clientId, alreadyErased: false })
    expect(await leftovers()).toEqual([])
    // The ledger's figures stay; the client counts lose the erased client, who is no longer a client.
    const after = await figures()
    const [count, list] = [
      `/api/v2/analytics/franchises/${fid}/clients/count`,
      '/api/v2/franchises/clients?size=5',
    ]
    const less = (o: Record<string, unknown>) => ({ ...o, [count]: null, [list]: null })
    expect(less(after)).toEqual(less(before))
    expect(after[count]).toEqual({ count: (before[count] as { count: number }).count - 1 })
    expect(after[list]).toEqual({
      ...(before[list] as object),
      total: (before[list] as { total: number }).total - 1,
    })
    // Issue 34: not a nameless row in any list, count, export or audience.
    const gone = await everywhere()
    expect(gone.ids).not.toContain(clientId)
    expect(gone.storeTotal).toBe(listed.storeTotal - 1)
    expect(gone.storeCount).toBe(listed.storeCount - 1)
    expect(gone.crmTotal).toBe(listed.crmTotal - 1)
    expect(gone.exported).toBe(listed.exported - 1)
    expect(gone.crmExported).toBe(listed.crmExported - 1)
    expect(gone.exported).toBe(gone.total)
    expect(gone.pushAudience).toBe(listed.pushAudience - 1)
    // The ledger and balance stay.
    const detail = await inject('GET', `/api/v2/franchises/${fid}/clients/${clientId}`)
    expect(detail.json()).toMatchObject({
      firstName: '',
      email: null,
      phone: null,
      points: expect.any(Number),
    })
    expect(detail.json().transactions).toHaveLength(2)
    // Not found by phone or e-mail any more.
    for (const value of [PHONE, '06 98 76 54 32', EMAIL]) {
      const search = await inject('GET', `/api/v2/users/search?value=${encodeURIComponent(value)}`)
      expect(search.json()).toEqual([])
      const list = await inject('GET', `/api/v2/franchises/clients?filter=${encodeURIComponent(value)}`)
      expect(list.json().metadata.total).toBe(0)
    }
    // The customer is told, in the franchise's language, and the notice keeps no address (issue 35 §2).
    const notices = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.franchiseId, fid), eq(outbox.dedupeKey, `gdpr-erasure:${clientId}`)))
    expect(notices).toMatchObject([
      { channel: 'email', recipient: ERASED_MARK, subject: 'Vos données personnelles ont été effacées' },
    ])
    expect(notices[0]!.body).toMatch(
      /^Bonjour,\n\nComme vous l’avez demandé, .+ a effacé vos données personnelles/,
    )
    // The message not sent yet will not be.
    const rows = await db.select().from(campaignRecipients).where(eq(campaignRecipients.clientId, clientId))
    expect(rows.map((r) => r.status).sort()).toEqual(['SENT', 'SKIPPED'])
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.erase'), eq(auditLog.target, clientId)))
    expect(audit).toHaveLength(1)
    expect(audit[0]!.userId).toBeTruthy()
    // Idempotent: a second erasure changes nothing and says so.
    const again = await erase()
    expect(again.json()).toMatchObject({ alreadyErased: true, erasedAt: res.json().erasedAt })
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'client.erase'))
    expect(audits).toHaveLength(1)
  })

  it('answers 404 for another tenant’s client or franchise, and 403 to a store owner for a shared client', async () => {
    expect((await erase(bobId)).statusCode).toBe(404)
    expect((await erase(bobId, owner, bagelsFid)).statusCode).toBe(404)
    expect(
      (await inject('GET', `/api/v2/franchises/${bagelsFid}/clients/${bobId}/personal-data`)).statusCode,
    ).toBe(404)
    expect((await inject('GET', `/api/v2/franchises/${fid}/clients/${bobId}/personal-data`)).statusCode).toBe(
      404,
    )
    expect((await erase(clientId, bagels)).statusCode).toBe(404)
    const bad = await inject('GET', `/api/v2/franchises/${fid}/clients/${clientId}/personal-data?format=pdf`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details).toMatchObject({ field: 'format' })
    // The Paris store owner reaches the client (its store) but a second store shares it.
    const db = t.database.db
    const other = (await db.select().from(stores).where(eq(stores.franchiseId, fid))).find(
      (s) => s.id !== paris,
    )!
    const shared = await inject('POST', `/api/v2/franchises/${fid}/users`, owner, {
      firstName: 'Shared',
      lastName: 'Client',
      storeId: paris,
    })
    await inject('POST', `/api/v2/stores/${other.id}/users/${shared.json().id}`, owner)
    const refused = await erase(shared.json().id, storeOwner)
    expect(refused.statusCode).toBe(403)
  })
})
