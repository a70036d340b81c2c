// The public landing page /e/<link> (issue 21): the page's info (theme, active CRM fields, a visit
// counted), the phone code (the 6th wrong code locked), the registration (bad input naming the field,
// no points before the phone is proven, the points credited once, a replay, an existing client, the
// same answer whatever the e-mail and a proof spent by its registration (issue 34), the
// consent feeding the campaigns' SMS audience) and the limits (100 registrations from one address).
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CrmField } from '../../src/domain/crm'
import {
  clients,
  crmForms,
  emarketingRegistrations,
  emarketings,
  franchises,
  loyaltyModels,
  outbox,
  pointsTransactions,
  smsOptOuts,
} from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

const BAKERY: CrmField = {
  localId: 'field1',
  label: 'Favourite bakery',
  status: 'ACTIVE',
  isStatic: false,
  isValid: true,
  validation: { type: 'SHORT_TEXT', isRequired: true, minLength: 2, maxLength: 40 },
}
const ARCHIVED: CrmField = { ...BAKERY, localId: 'field2', label: 'Old field', status: 'ARCHIVED' }
const PAGE = '/api/v2/public/emarketings/dupont'

describe.each(databaseKinds())('the e-marketing landing page on %s', (kind) => {
  let t: TestApp
  let owner: string
  let ownerId: string
  let fid: string
  let pageId: string
  let n = 0
  let address = 0
  const db = () => t.database.db
  /** A fresh phone and a fresh address per registration: the limits are the last test's concern. */
  const nextPhone = () => `06 12 34 ${String(++n).padStart(2, '0')} 00`
  const e164 = (national: string) => `+33${national.replace(/\s/g, '').slice(1)}`
  const post = (url: string, payload: object, over: { ip?: string; key?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: over.ip ?? `10.0.0.${++address}`,
      headers: over.key ? { 'idempotency-key': over.key } : {},
    })
  const codeSentTo = async (phone: string) => {
    const rows = await db().select().from(outbox).where(eq(outbox.recipient, phone))
    const last = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!
    return /(\d{6})/.exec(last.body)![1]!
  }
  /** A phone proven through the page's calls: its proof. */
  const prove = async (phone: string, page = PAGE) => {
    expect((await post(`${page}/phone-code`, { phone })).statusCode).toBe(200)
    const res = await post(`${page}/phone-code/confirm`, { phone, code: await codeSentTo(e164(phone)) })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().proof as string
  }
  const form = (phone: string, proof: string, over: Record<string, unknown> = {}) => ({
    proof,
    phone,
    email: `customer${n}@example.test`,
    consent: false,
    crmValues: { firstName: 'Alice', dateOfBirth: '1990-04-02', field1: 'Chez Paul' },
    ...over,
  })

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    owner = await loginAs(t.app, 'owner@demo.test')
    const [f] = await db().select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    fid = f!.id
    ownerId = f!.userId!
    await db().insert(loyaltyModels).values({ franchiseId: fid, name: 'Carte', loyaltyType: 'PASSAGE' })
    await db()
      .insert(crmForms)
      .values({ franchiseId: fid, version: 1, fields: [BAKERY, ARCHIVED] })
    const [page] = await db()
      .insert(emarketings)
      .values({
        franchiseId: fid,
        link: 'dupont',
        primaryColor: '#112233',
        secondaryColor: '#445566',
        tertiaryColor: '#f8fafc',
        registrationPoints: 20,
      })
      .returning()
    pageId = page!.id
  })
  afterAll(() => t?.close())

  it("shows the page in the franchise's theme with the active CRM fields, and counts the visit", async () => {
    const res = await t.app.inject({ method: 'GET', url: PAGE })
    expect(res.statusCode).toBe(200)
    const info = res.json()
    expect(info).toMatchObject({
      link: 'dupont',
      franchiseName: 'Maison Dupont',
      country: 'FR',
      theme: { primaryColor: '#112233', secondaryColor: '#445566', tertiaryColor: '#f8fafc' },
      registrationPoints: 20,
    })
    expect(info.fields.map((f: CrmField) => f.localId)).toEqual(['firstName', 'dateOfBirth', 'field1'])
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/public/emarketings/nobody' })).json().code,
    ).toBe('EMARKETING_NOT_FOUND')
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/public/emarketings/Bad%20Slug' })).statusCode,
    ).toBe(400)
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v2/users/${ownerId}/emarketing`,
      headers: bearer(owner),
    })
    expect(mine.json().counts).toEqual({ visits: 1, registrations: 0 })
  })

  // Issue 34: the code SMS was French on an English page (the franchise's country decided alone).
  it('writes the code SMS in the page’s language, else the franchise’s', async () => {
    const lastTo = async (phone: string) => {
      const rows = await db()
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, e164(phone)))
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!.body
    }
    const english = nextPhone()
    expect((await post(`${PAGE}/phone-code`, { phone: english, language: 'en' })).statusCode).toBe(200)
    expect(await lastTo(english)).toMatch(/^\d{6} is your Maison Dupont code\. It expires in 10 minutes\.$/)
    const french = nextPhone()
    expect((await post(`${PAGE}/phone-code`, { phone: french })).statusCode).toBe(200)
    expect(await lastTo(french)).toMatch(/^\d{6} est votre code Maison Dupont\./)
    const bad = await post(`${PAGE}/phone-code`, { phone: nextPhone(), language: 'de' })
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'language' } })
  })

  it('refuses a phone that is not one, and locks the code at the 6th wrong try', async () => {
    const bad = await post(`${PAGE}/phone-code`, { phone: '12' })
    expect(bad.statusCode).toBe(400)
    const invalid = await post(`${PAGE}/phone-code`, { phone: '01 02 03' })
    expect(invalid.json()).toMatchObject({ code: 'INVALID_PHONE', details: { field: 'phone' } })
    const phone = nextPhone()
    await post(`${PAGE}/phone-code`, { phone })
    const code = await codeSentTo(e164(phone))
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    for (let i = 1; i <= 5; i++) {
      const res = await post(`${PAGE}/phone-code/confirm`, { phone, code: wrong })
      if (i < 5)
        expect(res.json()).toMatchObject({ code: 'PHONE_CODE_INVALID', details: { attemptsLeft: 5 - i } })
      else expect(res.statusCode).toBe(400)
    }
    const sixth = await post(`${PAGE}/phone-code/confirm`, { phone, code })
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().code).toBe('PHONE_CODE_LOCKED')
  })

  it('looks the page up before the body (code and register calls): an unknown link is a 404 whatever the body, a known one names the field', async () => {
    const nobody = '/api/v2/public/emarketings/nobody'
    for (const [url, body] of [
      [`${nobody}/phone-code`, { phone: 12 }],
      [`${nobody}/phone-code`, {}],
      [`${nobody}/phone-code/confirm`, { phone: nextPhone(), code: 'abc' }],
      [`${nobody}/register`, { phone: 12 }],
    ] as const) {
      const res = await post(url, body)
      expect(res.statusCode, url).toBe(404)
      expect(res.json().code).toBe('EMARKETING_NOT_FOUND')
    }
    for (const [url, body, field] of [
      [`${PAGE}/phone-code`, { phone: 12 }, 'phone'],
      [`${PAGE}/phone-code`, {}, 'phone'],
      [`${PAGE}/phone-code/confirm`, { phone: nextPhone(), code: 'abc' }, 'code'],
      [`${PAGE}/phone-code/confirm`, { code: '123456' }, 'phone'],
    ] as const) {
      const res = await post(url, body)
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } })
    }
    // No body at all reads as {}: the missing field is named, not a 500.
    const empty = await t.app.inject({ method: 'POST', url: `${PAGE}/phone-code`, remoteAddress: '10.8.8.8' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().details.field).toBe('phone')
    // A malformed link stays the params struct's 400.
    expect(
      (await post('/api/v2/public/emarketings/Bad%20Slug/phone-code', { phone: nextPhone() })).statusCode,
    ).toBe(400)
  })

  it('credits nothing before the phone is proven, and names the wrong field', async () => {
    const phone = nextPhone()
    const unproven = await post(`${PAGE}/register`, form(phone, 'made-up-proof'))
    expect(unproven.statusCode).toBe(403)
    expect(unproven.json().code).toBe('PHONE_NOT_CONFIRMED')
    const proof = await prove(phone)
    for (const [over, field] of [
      [{ email: 'not-an-email' }, 'email'],
      [{ consent: 'yes' }, 'consent'],
      [{ crmValues: { firstName: 'Alice', dateOfBirth: '1990-04-02' } }, 'crmValues.field1'],
      [
        { crmValues: { firstName: 'Alice', dateOfBirth: '1990-02-30', field1: 'Chez Paul' } },
        'crmValues.dateOfBirth',
      ],
      [
        { crmValues: { firstName: 'Alice', dateOfBirth: '1990-04-02', field1: 'Chez Paul', field2: 'x' } },
        'crmValues.field2',
      ],
    ] as const) {
      const res = await post(`${PAGE}/register`, form(phone, proof, over))
      expect(res.statusCode, JSON.stringify(over)).toBe(400)
      expect(res.json().details.field).toBe(field)
    }
    // A proof is for its page and phone only.
    const other = await post(`${PAGE}/register`, form(nextPhone(), proof))
    expect(other.json().code).toBe('PHONE_NOT_CONFIRMED')
    expect(await db().select().from(clients).where(eq(clients.franchiseId, fid))).toHaveLength(0)
  })

  it('registers once: 20 points through the ledger, source EMARKETING; a replay earns nothing', async () => {
    const phone = nextPhone()
    const proof = await prove(phone)
    const body = form(phone, proof)
    const res = await post(`${PAGE}/register`, body, { key: 'register-attempt-1' })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ points: 20, balance: 20, firstName: 'Alice' })
    const clientId = res.json().clientId as string
    const [client] = await db().select().from(clients).where(eq(clients.id, clientId))
    expect(client).toMatchObject({ acquiredFrom: 'EMARKETING', phone: e164(phone), birthDate: '1990-04-02' })

    // The same request again (a network retry): the first answer, nothing moved.
    const replay = await post(`${PAGE}/register`, body, { key: 'register-attempt-1' })
    expect(replay.statusCode).toBe(201)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json()).toEqual(res.json())
    // Without the key, or with another: the proof was spent by the registration (one code, one use).
    const again = await post(`${PAGE}/register`, body, { key: 'register-attempt-2' })
    expect(again.statusCode).toBe(403)
    expect(again.json().code).toBe('PHONE_NOT_CONFIRMED')
    const moves = await db()
      .select()
      .from(pointsTransactions)
      .where(eq(pointsTransactions.clientId, clientId))
    expect(moves.map((m) => [m.type, m.points])).toEqual([['emarketing', 20]])
    const [reg] = await db()
      .select()
      .from(emarketingRegistrations)
      .where(eq(emarketingRegistrations.clientId, clientId))
    expect(reg).toMatchObject({ emarketingId: pageId, marketingConsent: false })
  })

  it('tells the proven phone’s client it already has a card, and earns it nothing', async () => {
    const phone = nextPhone()
    await db()
      .insert(clients)
      .values({ franchiseId: fid, phone: e164(phone), firstName: 'Known' })
    const samePhone = await post(`${PAGE}/register`, form(phone, await prove(phone)))
    expect([samePhone.statusCode, samePhone.json().code]).toEqual([409, 'ALREADY_CLIENT'])
    const credited = await db()
      .select()
      .from(pointsTransactions)
      .where(and(eq(pointsTransactions.franchiseId, fid), eq(pointsTransactions.type, 'emarketing')))
    expect(credited).toHaveLength(1)
  })

  it('keeps the consent: an unticked box opts the phone out of SMS campaigns', async () => {
    const yes = nextPhone()
    const res = await post(`${PAGE}/register`, form(yes, await prove(yes), { consent: true }))
    expect(res.statusCode).toBe(201)
    const optOuts = await db().select().from(smsOptOuts).where(eq(smsOptOuts.franchiseId, fid))
    // The first registrant (consent unticked) is opted out; this one is not.
    expect(optOuts.map((o) => o.phone)).not.toContain(e164(yes))
    expect(optOuts).toHaveLength(1)
    const cost = await t.app.inject({
      method: 'POST',
      url: `/services/v2/franchises/${fid}/communication-campaigns/cost`,
      headers: bearer(owner),
      payload: { channel: 'SMS', campaignFilters: { clientsAcquiredFrom: ['EMARKETING'] } },
    })
    expect(cost.statusCode, cost.body).toBe(200)
    expect(cost.json().nbUsers).toBe(1)
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v2/users/${ownerId}/emarketing`,
      headers: bearer(owner),
    })
    expect(mine.json().counts.registrations).toBe(2)
  })

  it('answers the same whatever the e-mail: another client’s is neither told nor attached (issue 34)', async () => {
    const [known] = await db()
      .insert(clients)
      .values({ franchiseId: fid, email: 'known@example.test', firstName: 'Known', lastName: 'Person' })
      .returning()
    const answer = async (email: string) => {
      const phone = nextPhone()
      const res = await post(`${PAGE}/register`, form(phone, await prove(phone), { email, consent: true }))
      return { status: res.statusCode, body: { ...res.json(), clientId: typeof res.json().clientId } }
    }
    const strangers = await answer('Known@Example.test')
    const fresh = await answer(`nobody${n}@example.test`)
    expect(strangers).toEqual(fresh)
    expect(strangers.status).toBe(201)
    // The stranger's phone is a new client of its own: the known client is untouched, unread.
    expect(JSON.stringify(strangers.body)).not.toMatch(/Known|Person/)
    const [after] = await db().select().from(clients).where(eq(clients.id, known!.id))
    expect(after).toMatchObject({ email: 'known@example.test', phone: null, visitCount: 0 })
    expect(
      (await db().select().from(pointsTransactions).where(eq(pointsTransactions.clientId, known!.id))).length,
    ).toBe(0)
    const holders = await db().select().from(clients).where(eq(clients.franchiseId, fid))
    expect(holders.filter((c) => c.email?.toLowerCase() === 'known@example.test')).toHaveLength(1)
  })

  it('spends the proof: one code, one registration, even for two e-mails', async () => {
    const phone = nextPhone()
    const proof = await prove(phone)
    // A refused call (a bad field) does not spend it.
    const bad = await post(`${PAGE}/register`, form(phone, proof, { crmValues: { firstName: 'Alice' } }))
    expect(bad.statusCode).toBe(400)
    const first = await post(
      `${PAGE}/register`,
      form(phone, proof, { email: `first${n}@example.test`, consent: true }),
    )
    expect(first.statusCode).toBe(201)
    const second = await post(`${PAGE}/register`, form(phone, proof, { email: `second${n}@example.test` }))
    expect([second.statusCode, second.json().code]).toEqual([403, 'PHONE_NOT_CONFIRMED'])
  })

  it('stops 100 registrations from one address', async () => {
    const ip = '10.9.9.9'
    const results = []
    for (let i = 0; i < 100; i++)
      results.push((await post(`${PAGE}/register`, form(nextPhone(), 'made-up-proof'), { ip })).statusCode)
    expect(results.filter((s) => s === 429)).toHaveLength(90)
    expect(results.slice(0, 10).every((s) => s === 403)).toBe(true)
    // Codes to one address are limited too.
    const codes = []
    for (let i = 0; i < 12; i++)
      codes.push((await post(`${PAGE}/phone-code`, { phone: nextPhone() }, { ip })).statusCode)
    expect(codes.filter((s) => s === 429)).toHaveLength(2)
  })
})
