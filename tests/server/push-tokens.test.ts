// The customers' app registers its FCM token (issue 35 §4): PUT/DELETE /api/public/scan/device/push-token
// as the client whose phone the device proved (the scan page's device cookie). Without a proven device:
// 401, nothing stored; bad input: 400 naming the field; a token registered again by another client
// moves to them; removing only touches the caller's own token; rate limited per address.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientPushTokens, clients, franchises, stores, tags } from '../../src/server/db/schema'
import { seed } from '../../src/server/db/seed'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'
import { provenDevice } from '../support/scan-device'

const URL = '/api/public/scan/device/push-token'
const token = (n: string) => `${n}:APA91b${'y'.repeat(140)}`

describe.each(databaseKinds())('push token registration on %s', (kind) => {
  let t: TestApp
  let uid: string
  let fid: string
  let n = 0
  const ip = () => `10.88.0.${++n}`
  const db = () => t.database.db
  const call = (
    method: 'PUT' | 'DELETE',
    payload: object,
    headers: Record<string, string> = {},
    address = ip(),
  ) => t.app.inject({ method, url: URL, payload, headers, remoteAddress: address })
  const tokensOf = async (clientId: string) =>
    (await db().select().from(clientPushTokens).where(eq(clientPushTokens.clientId, clientId))).map(
      (r) => r.token,
    )

  /** A client of Maison Dupont and the cookie of a device that proved their phone. */
  async function customer(phone: string) {
    const [c] = await db().insert(clients).values({ franchiseId: fid, firstName: 'Léa', phone }).returning()
    return { id: c!.id, device: await provenDevice(t.app, db(), uid, phone, ip()) }
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    await seed(t.database, () => {}, ['tags'])
    const [f] = await db().select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    fid = f!.id
    const [tag] = await db()
      .select({ uid: tags.tagUid })
      .from(tags)
      .innerJoin(stores, eq(stores.id, tags.storeId))
      .where(eq(tags.franchiseId, fid))
    uid = tag!.uid
  })
  afterAll(() => t?.close())

  it('registers, refreshes and removes the token of the proven client, marking the app used', async () => {
    const lea = await customer('+33611111101')
    const res = await call('PUT', { token: token('a'), platform: 'android' }, lea.device)
    expect(res.statusCode, res.body).toBe(204)
    expect(await tokensOf(lea.id)).toEqual([token('a')])
    const [c] = await db().select().from(clients).where(eq(clients.id, lea.id))
    expect(c!.appLastUsedAt).not.toBeNull()
    // The app registers again at every start: one row, refreshed.
    expect((await call('PUT', { token: token('a'), platform: 'ios' }, lea.device)).statusCode).toBe(204)
    const rows = await db().select().from(clientPushTokens).where(eq(clientPushTokens.clientId, lea.id))
    expect(rows.map((r) => r.platform)).toEqual(['ios'])

    // The phone changes hands: the same installation's token now reaches its new owner only.
    const max = await customer('+33611111102')
    expect((await call('PUT', { token: token('a'), platform: 'ios' }, max.device)).statusCode).toBe(204)
    expect(await tokensOf(lea.id)).toEqual([])
    expect(await tokensOf(max.id)).toEqual([token('a')])
    // Lea cannot remove Max's token; Max can.
    expect((await call('DELETE', { token: token('a') }, lea.device)).statusCode).toBe(204)
    expect(await tokensOf(max.id)).toEqual([token('a')])
    expect((await call('DELETE', { token: token('a') }, max.device)).statusCode).toBe(204)
    expect(await tokensOf(max.id)).toEqual([])
  })

  it('answers 401 without a proven device and 400 naming the field, storing nothing', async () => {
    const before = (await db().select().from(clientPushTokens)).length
    const anonymous = await call('PUT', { token: token('b'), platform: 'android' })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().code).toBe('SCAN_DEVICE_REQUIRED')
    const forged = await call(
      'PUT',
      { token: token('b'), platform: 'android' },
      { cookie: 'scan_device=abc.def' },
    )
    expect(forged.statusCode).toBe(401)
    const zoe = await customer('+33611111103')
    for (const [payload, field] of [
      [{ platform: 'android' }, 'token'],
      [{ token: 'short', platform: 'android' }, 'token'],
      [{ token: `${token('c')}<script>`, platform: 'android' }, 'token'],
      [{ token: token('c'), platform: 'blackberry' }, 'platform'],
    ] as const) {
      const res = await call('PUT', payload, zoe.device)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().details.field).toBe(field)
    }
    expect((await db().select().from(clientPushTokens)).length).toBe(before)
  })

  it('is rate limited per address', async () => {
    const codes: number[] = []
    for (let i = 0; i < 32; i++)
      codes.push((await call('PUT', { token: token('d'), platform: 'web' }, {}, '10.99.0.1')).statusCode)
    expect(codes.slice(0, 30).every((c) => c === 401)).toBe(true)
    expect(codes.slice(30)).toEqual([429, 429])
  })

  it("forgets an erased client's tokens (GDPR)", async () => {
    const eve = await customer('+33611111104')
    expect((await call('PUT', { token: token('e'), platform: 'android' }, eve.device)).statusCode).toBe(204)
    const owner = await loginAs(t.app, 'owner@demo.test')
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/v2/franchises/${fid}/clients/${eve.id}/erase`,
      headers: bearer(owner),
    })
    expect(erased.statusCode, erased.body).toBe(200)
    expect(await tokensOf(eve.id)).toEqual([])
  })
})
