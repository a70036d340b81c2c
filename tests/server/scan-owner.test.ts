// Issue 24 #4: the public scan page tells nobody but the phone's owner about a client. A collect
// without a proven device credits the points and answers nothing about the client; the owner proves
// the phone with a one-time SMS code, and the device is then remembered by a signed, HttpOnly cookie
// that can be revoked ("not you?"), is good for that franchise only, and cannot be forged.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { presenceWindow } from '../../src/domain/scan'
import { clients, franchises, loyaltyModels, outbox, scanDevices, stores } from '../../src/server/db/schema'
import { seed } from '../../src/server/db/seed'
import { tags } from '../../src/server/db/tables-loyalty'
import { presenceCodeFor } from '../../src/server/services/presence'
import { startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('scan page privacy on %s', (kind) => {
  let t: TestApp
  let paris: string
  let bagels: string
  let n = 0
  const ip = () => `10.9.0.${++n % 250}`
  const db = () => t.database.db
  const post = (uid: string, path: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/scan/${uid}/${path}`,
      remoteAddress: ip(),
      payload,
      headers,
    })
  const card = (uid: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/public/scan/${uid}/card`, remoteAddress: ip(), headers })
  const visit = async (uid: string, phone: string, headers: Record<string, string> = {}) => {
    const [tag] = await db().select().from(tags).where(eq(tags.tagUid, uid))
    return post(uid, 'collect', { phone, code: presenceCodeFor(tag!, presenceWindow(Date.now())) }, headers)
  }
  const lastCode = async (phone: string) => {
    const [sms] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, phone), sql`${outbox.dedupeKey} like 'phone-code:%'`))
      .orderBy(sql`${outbox.createdAt} desc`)
      .limit(1)
    return /(\d{6})/.exec(sms!.body)![1]!
  }
  /** The device's cookie header after proving `phone` (E.164 for the outbox) on `uid`'s page. */
  async function prove(uid: string, phone: string, e164: string) {
    expect((await post(uid, 'phone-code', { phone })).statusCode).toBe(200)
    const res = await post(uid, 'phone-code/confirm', { phone, code: await lastCode(e164) })
    expect(res.statusCode).toBe(200)
    const cookie = res.cookies.find((c) => c.name === 'scan_device')!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/public/scan' })
    return { cookie: `scan_device=${cookie.value}` }
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    await seed(t.database, () => {}, ['tags'])
    const uidOf = async (name: string) =>
      (
        await db()
          .select({ uid: tags.tagUid })
          .from(tags)
          .innerJoin(stores, eq(stores.id, tags.storeId))
          .where(eq(stores.name, name))
      )[0]!.uid
    paris = await uidOf('Maison Dupont — Paris Marais')
    bagels = await uidOf('Brooklyn Bagels — Williamsburg')
    const [dupont] = await db().select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    await db()
      .insert(loyaltyModels)
      .values({ franchiseId: dupont!.id, name: 'Carte', loyaltyType: 'PASSAGE', earnRate: 10 })
    // The client whose details a stranger must not see.
    const first = await visit(paris, '06 11 22 33 44')
    expect(first.json()).not.toHaveProperty('clientId')
    await db()
      .update(clients)
      .set({ firstName: 'Camille' })
      .where(and(eq(clients.franchiseId, dupont!.id), eq(clients.phone, '+33611223344')))
    await db().update(franchises).set({ tagScanInterval: 0 }).where(eq(franchises.id, dupont!.id))
  })
  afterAll(() => t?.close())

  it('a stranger typing someone’s number credits the visit but learns nothing about them', async () => {
    const res = await visit(paris, '06 11 22 33 44')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      points: 10,
      isOwner: false,
      balance: null,
      firstName: null,
      coupons: [],
    })
    expect(JSON.stringify(res.json())).not.toContain('Camille')
    // The owner is told by SMS, with the balance.
    const [sms] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `scan:${res.json().transactionId}`))
    expect(sms!.body).toContain('20 points')
    const denied = await card(paris)
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'DEVICE_NOT_CONFIRMED'])
  })

  it('the owner proves the phone once; the device then sees the card and its collects in full', async () => {
    const device = await prove(paris, '06 11 22 33 44', '+33611223344')
    const mine = await card(paris, device)
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toMatchObject({ firstName: 'Camille', balance: 20 })
    const res = await visit(paris, '06 11 22 33 44', device)
    expect(res.json()).toMatchObject({ isOwner: true, firstName: 'Camille', balance: 30 })
    // Another number typed on the same device: that one is not proven.
    const other = await visit(paris, '06 55 44 33 22', device)
    expect(other.json()).toMatchObject({ isOwner: false, balance: null })
  })

  it('a wrong code proves nothing and sets no cookie', async () => {
    await post(paris, 'phone-code', { phone: '06 77 88 99 00' })
    const code = await lastCode('+33677889900')
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const res = await post(paris, 'phone-code/confirm', { phone: '06 77 88 99 00', code: wrong })
    expect([res.statusCode, res.json().code]).toEqual([400, 'PHONE_CODE_INVALID'])
    expect(res.cookies).toHaveLength(0)
    const bad = await post(paris, 'phone-code', { phone: 'not a phone' })
    expect([bad.statusCode, bad.json().details?.field]).toEqual([400, 'phone'])
  })

  // Issue 34: only France's franchises got a French code, whatever language the page was read in.
  it('writes the code SMS in the page’s language, else the franchise’s', async () => {
    const body = async (phone: string) => {
      const [sms] = await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, phone), sql`${outbox.dedupeKey} like 'phone-code:%'`))
        .orderBy(sql`${outbox.createdAt} desc`)
        .limit(1)
      return sms!.body
    }
    await post(paris, 'phone-code', { phone: '06 77 88 99 01', language: 'en' })
    expect(await body('+33677889901')).toMatch(/: your code to see your loyalty card is \d{6}\./)
    await post(paris, 'phone-code', { phone: '06 77 88 99 02' })
    expect(await body('+33677889902')).toMatch(/ : votre code pour voir votre carte de fidelite est \d{6}\./)
  })

  it('a forged or tampered cookie, or another franchise’s page, gets nothing', async () => {
    const device = await prove(paris, '06 11 22 33 45', '+33611223345')
    const [, value] = device.cookie.split('=')
    const [id] = decodeURIComponent(value!).split('.')
    expect((await card(paris, { cookie: `scan_device=${id}.forged-token.sig` })).statusCode).toBe(403)
    expect((await card(paris, { cookie: `scan_device=${value}x` })).statusCode).toBe(403)
    // The cookie is good for Maison Dupont's phone only: Brooklyn Bagels' page does not take it.
    expect((await card(bagels, device)).statusCode).toBe(403)
  })

  it('“not you?” revokes the device: its cookie no longer opens the card', async () => {
    const device = await prove(paris, '06 11 22 33 46', '+33611223346')
    expect((await card(paris, device)).statusCode).toBe(200)
    const res = await t.app.inject({ method: 'DELETE', url: '/api/public/scan/device', headers: device })
    expect(res.statusCode).toBe(204)
    expect(res.cookies.find((c) => c.name === 'scan_device')?.value).toBe('')
    expect((await card(paris, device)).statusCode).toBe(403)
    const [row] = await db().select().from(scanDevices).where(eq(scanDevices.phone, '+33611223346'))
    expect(row!.revokedAt).toBeInstanceOf(Date)
  })
})
