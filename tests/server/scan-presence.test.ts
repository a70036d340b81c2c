// The scan page's proofs of presence (issue 16 #5): the store's rotating code, static tags where the
// franchise allows them, and POS receipts.
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { PRESENCE_WINDOW_SECONDS } from '../../src/domain/scan'
import { clients, franchises, loyaltyModels, stores } from '../../src/server/db/schema'
import { posOrders, tags } from '../../src/server/db/tables-loyalty'
import { databaseKinds } from '../support/database'
import { scanWorld } from '../support/scan-world'

describe.each(databaseKinds())('customer scan page: presence codes and receipts on %s', (kind) => {
  const w = scanWorld(kind)
  const { frPhone, usPhone, get, collect, db, tagOf, codeOf, visit, inject, clientOf, ledgerRows } = w
  let PARIS: string
  let LYON: string
  let BAGELS: string
  let dupont: typeof franchises.$inferSelect
  let dupontCard: string
  beforeAll(() => {
    ;({ PARIS, LYON, BAGELS, dupont, dupontCard } = w.state())
  })
  describe('presence codes (issue 16 #5)', () => {
    const WINDOW_MS = PRESENCE_WINDOW_SECONDS * 1000
    /** Waits out the last seconds of a window: a test's codes must not change windows mid-test. */
    const awayFromWindowEdge = async () => {
      const left = WINDOW_MS - (Date.now() % WINDOW_MS)
      if (left < 3000) await new Promise((r) => setTimeout(r, left + 50))
    }
    const visitsOf = async (uid: string) => (await tagOf(uid)).passages

    it('issue 16 #5: a visit cannot be collected from home without the store’s code', async () => {
      // A customer at home: the tag's address, a new phone number, Validate — and no code.
      const passages = await visitsOf(PARIS)
      const clientsBefore = (await db().select({ id: clients.id }).from(clients)).length
      for (const payload of [
        { phone: frPhone() },
        { phone: frPhone(), code: 'AAAAAAAAAAAA' },
        { phone: frPhone(), code: 'not-a-code' },
      ]) {
        const res = await collect(PARIS, payload)
        expect(res.statusCode, JSON.stringify(payload)).toBe(403)
        expect(res.json()).toMatchObject({ code: 'PRESENCE_CODE_INVALID', details: { field: 'code' } })
      }
      expect(await visitsOf(PARIS)).toBe(passages)
      expect(await db().select({ id: clients.id }).from(clients)).toHaveLength(clientsBefore)
      // In the store, with the code the scanner screen shows: the visit counts.
      const inStore = await visit(PARIS, { phone: frPhone() })
      expect(inStore.statusCode).toBe(200)
      expect(inStore.json().points).toBe(10)
      expect(await visitsOf(PARIS)).toBe(passages + 1)
    })

    it('accepts the current window’s code and the previous one, refuses older ones and other tags’ codes', async () => {
      await awayFromWindowEdge()
      const current = await collect(LYON, { phone: frPhone(), code: await codeOf(LYON) })
      expect(current.statusCode).toBe(200)
      const previous = await collect(LYON, { phone: frPhone(), code: await codeOf(LYON, 1) })
      expect(previous.statusCode).toBe(200)
      const older = await collect(LYON, { phone: frPhone(), code: await codeOf(LYON, 2) })
      expect(older.json().code).toBe('PRESENCE_CODE_INVALID')
      const otherTag = await collect(LYON, { phone: frPhone(), code: await codeOf(PARIS) })
      expect(otherTag.json().code).toBe('PRESENCE_CODE_INVALID')
      const next = await collect(LYON, { phone: frPhone(), code: await codeOf(LYON, -1) })
      expect(next.json().code).toBe('PRESENCE_CODE_INVALID')
    })

    it('keeps injected points (MANUAL_AMOUNT) collectable without a code, once', async () => {
      const injection = await inject(6, 600)
      const res = await collect(BAGELS, { phone: usPhone() })
      expect(res.statusCode).toBe(200)
      expect(res.json().points).toBe(6)
      expect((await collect(BAGELS, { phone: usPhone() })).json().code).toBe('NOTHING_TO_COLLECT')
      expect(await ledgerRows(injection.id)).toHaveLength(1)
      expect((await get(`/api/public/scan/${BAGELS}`)).json().needsPresenceCode).toBe(false)
    })

    it('accepts static-tag visits only where the franchise turned them on, capped per phone per day', async () => {
      await db()
        .update(franchises)
        .set({ tagScanInterval: 0, allowStaticTags: true, staticTagDailyVisitCap: 2 })
        .where(eq(franchises.id, dupont.id))
      try {
        expect((await get(`/api/public/scan/${PARIS}`)).json().needsPresenceCode).toBe(false)
        const phone = frPhone()
        for (let i = 0; i < 2; i++) expect((await collect(PARIS, { phone })).statusCode).toBe(200)
        const third = await collect(PARIS, { phone })
        expect(third.statusCode).toBe(409)
        expect(third.json().code).toBe('STATIC_VISIT_CAP_REACHED')
        // An expired code is no better than none.
        const expired = await collect(PARIS, { phone, code: await codeOf(PARIS, 3) })
        expect(expired.json().code).toBe('STATIC_VISIT_CAP_REACHED')
        // The store's code is not capped; another phone has its own cap.
        expect((await visit(PARIS, { phone })).statusCode).toBe(200)
        expect((await collect(PARIS, { phone: frPhone() })).statusCode).toBe(200)
        // Two at once for one new phone, cap 1: exactly one is credited.
        await db().update(franchises).set({ staticTagDailyVisitCap: 1 }).where(eq(franchises.id, dupont.id))
        const racer = frPhone()
        const both = await Promise.all([collect(PARIS, { phone: racer }), collect(LYON, { phone: racer })])
        expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409])
      } finally {
        await db()
          .update(franchises)
          .set({ tagScanInterval: 3600, allowStaticTags: false, staticTagDailyVisitCap: 1 })
          .where(eq(franchises.id, dupont.id))
      }
      const off = await collect(PARIS, { phone: frPhone() })
      expect(off.json().code).toBe('PRESENCE_CODE_INVALID')
    })

    it('seeds tags with random ids, not their store’s name', async () => {
      const all = await db()
        .select({ uid: tags.tagUid, store: stores.name })
        .from(tags)
        .innerJoin(stores, eq(stores.id, tags.storeId))
      expect(all.length).toBeGreaterThan(2)
      for (const tag of all) {
        expect(tag.uid).toMatch(/^[a-z2-7]{10}$/)
        expect(tag.store.toLowerCase()).not.toContain(tag.uid)
      }
      expect(new Set(all.map((t) => t.uid)).size).toBe(all.length)
    })
  })

  describe('point-of-sale cards', () => {
    beforeAll(async () => {
      await db()
        .update(loyaltyModels)
        .set({ loyaltyType: 'POS_AMOUNT', earnRate: 1 })
        .where(eq(loyaltyModels.id, dupontCard))
    })

    it('needs a receipt id, links a recent receipt once, and refuses unknown or old ones', async () => {
      expect((await get(`/api/public/scan/${PARIS}`)).json().needsReceipt).toBe(true)
      const missing = await collect(PARIS, { phone: frPhone() })
      expect(missing.statusCode).toBe(400)
      expect(missing.json().details.field).toBe('receiptId')

      const [order] = await db().select().from(posOrders).where(eq(posOrders.providerOrderId, 'R-1005'))
      const res = await collect(PARIS, { phone: frPhone(), receiptId: 'R-1005' })
      expect(res.statusCode).toBe(200)
      expect(res.json().points).toBe(Math.floor(order!.totalCents / 100))
      const [linked] = await db().select().from(posOrders).where(eq(posOrders.id, order!.id))
      expect(linked).toMatchObject({
        linkedClientId: await clientOf(res),
        transactionId: res.json().transactionId,
      })

      const twice = await collect(PARIS, { phone: frPhone(), receiptId: 'R-1005' })
      expect(twice.statusCode).toBe(409)
      expect(twice.json().code).toBe('RECEIPT_ALREADY_LINKED')

      const unknown = await collect(PARIS, { phone: frPhone(), receiptId: 'R-9999' })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json().code).toBe('RECEIPT_NOT_FOUND')

      await db()
        .update(posOrders)
        .set({ orderedAt: new Date(Date.now() - 2 * 86_400_000) })
        .where(and(eq(posOrders.providerOrderId, 'R-1001'), eq(posOrders.storeId, order!.storeId)))
      const old = await collect(PARIS, { phone: frPhone(), receiptId: 'R-1001' })
      expect(old.statusCode).toBe(404)
      expect(old.json().code).toBe('RECEIPT_NOT_FOUND')

      // Another store's receipt is not this store's: Lyon has no till.
      const elsewhere = await collect(LYON, { phone: frPhone(), receiptId: 'R-1002' })
      expect(elsewhere.json().code).toBe('RECEIPT_NOT_FOUND')
    })
  })
})
