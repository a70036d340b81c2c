import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { clients, franchises, outbox, pointsTransactions, stores } from '../../src/server/db/schema'
import { tagInjections, tags } from '../../src/server/db/tables-loyalty'
import { balanceOf } from '../support/balances'
import { databaseKinds } from '../support/database'
import { scanWorld } from '../support/scan-world'

describe.each(databaseKinds())('customer scan page on %s', (kind) => {
  const w = scanWorld(kind)
  const { ip, frPhone, usPhone, get, collect, db, codeOf, visit, inject, proven, clientOf, ledgerRows } = w
  let PARIS: string
  let LYON: string
  let BAGELS: string
  let dupont: typeof franchises.$inferSelect
  let bagels: typeof franchises.$inferSelect
  beforeAll(() => {
    ;({ PARIS, LYON, BAGELS, dupont, bagels } = w.state())
  })

  it('shows the tag, its store, the franchise theme, the card and its active offers, nothing private', async () => {
    const res = await get(`/api/public/scan/${PARIS}`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      tag: { uid: PARIS, name: 'Comptoir' },
      store: { name: 'Maison Dupont — Paris Marais', currencyCode: 'EUR', country: 'FR' },
      franchise: { name: 'Maison Dupont', theme: { primaryColor: expect.stringMatching(/^#/) } },
      card: { name: 'Carte Maison Dupont', loyaltyType: 'PASSAGE', earnRate: 10 },
      pending: null,
      needsReceipt: false,
      needsPresenceCode: true,
    })
    expect(body.offers.map((o: { name: string }) => o.name)).toEqual(['Café offert', '5 € de remise'])
    expect(JSON.stringify(body)).not.toMatch(/phone|email|clientId|webhook|secret/i)
    // The §7 alias answers the same.
    const alias = await get(`/tags/uid/${PARIS}`)
    expect(alias.json()).toEqual(body)
  })

  it('says 404 for an unknown tag and 400 for a malformed one', async () => {
    for (const url of ['/api/public/scan/nope-nope', '/tags/uid/nope-nope']) {
      const res = await get(url)
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('TAG_NOT_FOUND')
    }
    const bad = await get('/api/public/scan/a.b')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.field).toBe('uid')
    expect((await collect('nope-nope', { phone: '0612345678' })).statusCode).toBe(404)
  })

  it('credits a passage to a new client, acquired in store, and sends the confirmation SMS', async () => {
    const res = await visit(PARIS, { phone: '06 98 76 54 32' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    // Issue 24 #4: this device has not proven the phone, so nothing about the client comes back.
    expect(body).toMatchObject({
      points: 10,
      isOwner: false,
      balance: null,
      firstName: null,
      coupons: [],
      redeemable: [],
      upcoming: [],
    })
    // Not even its id: a typed number must not tell who is a client, nor that two collects are one's.
    expect(body).not.toHaveProperty('clientId')
    const [client] = await db()
      .select()
      .from(clients)
      .where(eq(clients.id, await clientOf(res)))
    expect(client).toMatchObject({
      phone: '+33698765432',
      acquiredFrom: 'STORE',
      franchiseId: dupont.id,
    })
    expect((await balanceOf(db(), client!.id)).points).toBe(10)
    const [tx] = await db()
      .select()
      .from(pointsTransactions)
      .where(eq(pointsTransactions.id, body.transactionId))
    expect(tx).toMatchObject({ type: 'tag', points: 10, clientId: client!.id, authorId: null })
    const [tag] = await db().select().from(tags).where(eq(tags.tagUid, PARIS))
    expect(tag!.passages).toBe(1)
    const sms = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `scan:${body.transactionId}`))
    expect(sms).toHaveLength(1)
    expect(sms[0]).toMatchObject({ channel: 'sms', recipient: '+33698765432', subject: 'DUPONT' })
    expect(sms[0]!.body).toContain('10 points crédités')
    expect(sms[0]!.body.length).toBeLessThanOrEqual(160)

    // The same customer again within the franchise's minimum time between visits: refused, nothing moves.
    const again = await visit(PARIS, { phone: '+33 6 98 76 54 32' })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('VISIT_TOO_SOON')
    const rows = await db()
      .select()
      .from(pointsTransactions)
      .where(eq(pointsTransactions.clientId, client!.id))
    expect(rows).toHaveLength(1)
    const [after] = await db().select().from(tags).where(eq(tags.tagUid, PARIS))
    expect(after!.passages).toBe(1)
  })

  it('refuses bad bodies naming the field, and creates nothing', async () => {
    const before = await db().select({ id: clients.id }).from(clients)
    const cases: [unknown, string, string][] = [
      [{}, 'phone', 'VALIDATION_FAILED'],
      [{ phone: 42 }, 'phone', 'VALIDATION_FAILED'],
      [{ phone: '   ' }, 'phone', 'VALIDATION_FAILED'],
      [{ phone: 'not a phone' }, 'phone', 'INVALID_PHONE'],
      [{ phone: '0612', receiptId: 'R-1' }, 'phone', 'INVALID_PHONE'],
      [{ phone: '0612345678', extra: true }, 'extra', 'VALIDATION_FAILED'],
    ]
    for (const [payload, field, code] of cases) {
      const res = await collect(PARIS, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json()).toMatchObject({ code, details: { field } })
    }
    // A French number on an American store's page is not a valid US number.
    const foreign = await collect(BAGELS, { phone: '06 12 34 56 78' })
    expect(foreign.json()).toMatchObject({ code: 'INVALID_PHONE', details: { field: 'phone' } })
    expect(await db().select({ id: clients.id }).from(clients)).toHaveLength(before.length)
  })

  it('keeps clients per franchise: the same phone elsewhere is another client', async () => {
    const phone = '+1 718 555 0199'
    await db().insert(clients).values({ franchiseId: dupont.id, phone: '+17185550199', firstName: 'Jean' })
    await inject(3, 300)
    const res = await collect(BAGELS, { phone })
    expect(res.statusCode).toBe(200)
    expect(res.json().firstName).toBeNull()
    const [c] = await db()
      .select()
      .from(clients)
      .where(eq(clients.id, await clientOf(res)))
    expect(c!.franchiseId).toBe(bagels.id)
  })

  it('collects an injection once, with its amount, and then has nothing to collect', async () => {
    const injection = await inject()
    const info = await get(`/api/public/scan/${BAGELS}`)
    expect(info.json()).toMatchObject({
      card: { loyaltyType: 'MANUAL_AMOUNT' },
      pending: { points: 12, amountCents: 1250, currencyCode: 'USD' },
      store: { country: 'US' },
    })
    const res = await collect(BAGELS, { phone: usPhone() })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ points: 12, balance: null })
    const clientId = await clientOf(res)
    expect((await balanceOf(db(), clientId)).points).toBe(12)
    const [done] = await db().select().from(tagInjections).where(eq(tagInjections.id, injection.id))
    expect(done).toMatchObject({
      collectedClientId: clientId,
      transactionId: res.json().transactionId,
    })
    expect(done!.collectedAt).toBeInstanceOf(Date)
    const [tx] = await ledgerRows(injection.id)
    expect(tx).toMatchObject({ amountCents: 1250, currencyCode: 'USD', points: 12 })
    const [client] = await db().select().from(clients).where(eq(clients.id, clientId))
    expect(client).toMatchObject({ salesCount: 1, totalSpentCents: 1250, visitCount: 1 })

    const again = await collect(BAGELS, { phone: usPhone() })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('NOTHING_TO_COLLECT')
    expect((await get(`/api/public/scan/${BAGELS}`)).json().pending).toBeNull()
  })

  it('never lets two customers collect one injection, even at the same time', async () => {
    const injection = await inject(7, 700)
    const results = await Promise.all([
      collect(BAGELS, { phone: usPhone() }),
      collect(BAGELS, { phone: usPhone() }),
    ])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('NOTHING_TO_COLLECT')
    expect(await ledgerRows(injection.id)).toHaveLength(1)
  })

  it('does not collect an expired or reset injection', async () => {
    const expired = await inject(4, 400, -1)
    const reset = await inject(5, 500)
    await db().update(tagInjections).set({ resetAt: new Date() }).where(eq(tagInjections.id, reset.id))
    const res = await collect(BAGELS, { phone: usPhone() })
    expect(res.json().code).toBe('NOTHING_TO_COLLECT')
    expect(await ledgerRows(expired.id)).toHaveLength(0)
  })

  it('rolls everything back when the ledger refuses: the injection stays collectable', async () => {
    const phone = usPhone()
    await inject(2, 200)
    expect((await collect(BAGELS, { phone })).statusCode).toBe(200)
    await db().update(franchises).set({ tagScanInterval: 3600 }).where(eq(franchises.id, bagels.id))
    try {
      const injection = await inject(9, 900)
      const refused = await collect(BAGELS, { phone })
      expect(refused.statusCode).toBe(409)
      expect(refused.json().code).toBe('VISIT_TOO_SOON')
      const [open] = await db().select().from(tagInjections).where(eq(tagInjections.id, injection.id))
      expect(open).toMatchObject({ collectedAt: null, collectedClientId: null, transactionId: null })
      const other = await collect(BAGELS, { phone: usPhone() })
      expect(other.json()).toMatchObject({ points: 9 })
    } finally {
      await db().update(franchises).set({ tagScanInterval: 0 }).where(eq(franchises.id, bagels.id))
    }
  })

  it('replays the first answer for a repeated Idempotency-Key, moving points once', async () => {
    const phone = frPhone()
    const headers = { 'idempotency-key': `scan-test-${kind}-1` }
    const code = await codeOf(LYON)
    const first = await collect(LYON, { phone, code }, headers)
    expect(first.statusCode).toBe(200)
    const second = await collect(LYON, { phone, code }, headers)
    expect(second.statusCode).toBe(200)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.json()).toEqual(first.json())
    const rows = await db()
      .select()
      .from(pointsTransactions)
      .where(eq(pointsTransactions.clientId, await clientOf(first)))
    expect(rows).toHaveLength(1)
    const other = await collect(LYON, { phone: frPhone(), code }, headers)
    expect(other.statusCode).toBe(422)
    const bad = await collect(LYON, { phone, code }, { 'idempotency-key': 'x' })
    expect(bad.statusCode).toBe(400)
  })

  it('lists the client’s active coupons and offers to the device that proved the phone', async () => {
    const phone = frPhone()
    const first = await visit(LYON, { phone })
    const clientId = await clientOf(first)
    const day = 86_400_000
    await db()
      .insert((await import('../../src/server/db/schema')).coupons)
      .values(
        [
          { header: 'Active', expiresAt: new Date(Date.now() + day) },
          { header: 'Expired', expiresAt: new Date(Date.now() - day) },
          { header: 'Claimed', expiresAt: new Date(Date.now() + day), claimedAt: new Date() },
        ].map((c) => ({
          ...c,
          franchiseId: dupont.id,
          clientId,
          type: 'flat',
          value: 500,
          currencyCode: 'EUR',
        })),
      )
    await db().update(franchises).set({ tagScanInterval: 0 }).where(eq(franchises.id, dupont.id))
    try {
      const res = await visit(LYON, { phone }, await proven(LYON, phone))
      expect(res.json()).toMatchObject({ isOwner: true, clientId, balance: 20, firstName: null })
      expect(res.json().coupons.map((c: { header: string }) => c.header)).toEqual(['Active'])
      expect(res.json().redeemable.map((o: { name: string }) => o.name)).toEqual(['Café offert'])
      expect(res.json().upcoming).toEqual([
        expect.objectContaining({
          offer: expect.objectContaining({ name: '5 € de remise' }),
          missingPoints: 130,
        }),
      ])
    } finally {
      await db().update(franchises).set({ tagScanInterval: 3600 }).where(eq(franchises.id, dupont.id))
    }
  })

  it('lets the customer leave an opinion with the client id of the answer', async () => {
    const phone = frPhone()
    const res = await visit(LYON, { phone }, await proven(LYON, phone))
    expect(res.json().clientId).toBe(await clientOf(res))
    const [store] = await db().select().from(stores).where(eq(stores.name, 'Maison Dupont — Lyon Presqu’île'))
    const opinion = await w.app().inject({
      method: 'POST',
      url: `/api/stores/${store!.id}/storeOpinions`,
      remoteAddress: ip(),
      payload: { rating: 5, comment: 'Parfait', clientId: res.json().clientId },
    })
    expect(opinion.statusCode).toBe(201)
    expect(opinion.json()).toMatchObject({ rating: 5, clientId: res.json().clientId })
  })

  it('rate limits per address', async () => {
    const address = '10.9.9.9'
    const hits = []
    for (let i = 0; i < 31; i++)
      hits.push(
        await w.app().inject({
          method: 'POST',
          url: `/api/public/scan/${PARIS}/collect`,
          remoteAddress: address,
          payload: {},
        }),
      )
    expect(hits.slice(0, 30).every((r) => r.statusCode === 400)).toBe(true)
    expect(hits[30]!.statusCode).toBe(429)
    expect(hits[30]!.json().code).toBe('TOO_MANY_SCANS')
  })
})
