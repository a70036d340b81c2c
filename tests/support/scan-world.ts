// The customer scan page's test world (tests/server/scan*.test.ts): the demo data with its tags and
// POS receipts, Maison Dupont's PASSAGE card with offers, Brooklyn Bagels' MANUAL_AMOUNT card, and
// the calls a customer's phone makes. Call it inside a describe: it registers its own hooks.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import { presenceWindow } from '../../src/domain/scan'
import {
  franchises,
  loyaltyModels,
  loyaltyOffers,
  pointsTransactions,
  stores,
} from '../../src/server/db/schema'
import { seed } from '../../src/server/db/seed'
import { tagInjections, tags } from '../../src/server/db/tables-loyalty'
import { presenceCodeFor } from '../../src/server/services/presence'
import { startTestApp, type TestApp } from './app'
import type { DbKind } from './database'
import { provenDevice } from './scan-device'

export function scanWorld(kind: DbKind) {
  /** The demo tags' ids are random (issue 16 #5): read from the seeded tag of each store. */
  const uids = { PARIS: '', LYON: '', BAGELS: '' }
  let t: TestApp
  let dupont: typeof franchises.$inferSelect
  let bagels: typeof franchises.$inferSelect
  let dupontCard: string
  let bagelsTag: typeof tags.$inferSelect
  let ipCount = 0
  /** A fresh address per call unless a test wants one: each test counts its own hits. */
  const ip = () => `10.1.${Math.floor(++ipCount / 250)}.${ipCount % 250}`
  let phoneCount = 0
  /** A new French mobile number per call. */
  const frPhone = () =>
    `06 12 34 ${String(10 + Math.floor(++phoneCount / 90)).padStart(2, '0')} ${String(10 + (phoneCount % 90))}`
  const usPhone = () => `(718) 555-${String(1000 + ++phoneCount).slice(-4)}`

  const get = (url: string, address = ip()) => t.app.inject({ method: 'GET', url, remoteAddress: address })
  const collect = (uid: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/scan/${uid}/collect`,
      remoteAddress: ip(),
      headers,
      payload: payload as object,
    })
  const db = () => t.database.db
  const tagOf = async (uid: string) => (await db().select().from(tags).where(eq(tags.tagUid, uid)))[0]!
  /** The code the tag's scanner screen shows at a time (now, or `windowsAgo` windows before). */
  const codeOf = async (uid: string, windowsAgo = 0) =>
    presenceCodeFor(await tagOf(uid), presenceWindow(Date.now()) - windowsAgo)
  /** A visit as a customer in the store makes it: with the code the QR code carries. */
  const visit = async (uid: string, payload: object, headers: Record<string, string> = {}) =>
    collect(uid, { ...payload, code: await codeOf(uid) }, headers)

  async function inject(points = 12, amountCents = 1250, expiresInSeconds = 180) {
    const [row] = await db()
      .insert(tagInjections)
      .values({
        franchiseId: bagels.id,
        storeId: bagelsTag.storeId,
        tagId: bagelsTag.id,
        amountCents,
        currencyCode: 'USD',
        points,
        expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
      })
      .returning()
    return row!
  }
  const proven = (uid: string, phone: string) => provenDevice(t.app, db(), uid, phone, ip())
  /** The client a collect credited, read from its ledger row (the answer names it only to the owner). */
  const clientOf = async (res: { json: () => { transactionId: string } }) =>
    (
      await db()
        .select({ id: pointsTransactions.clientId })
        .from(pointsTransactions)
        .where(eq(pointsTransactions.id, res.json().transactionId))
    )[0]!.id
  const ledgerRows = (reference: string) =>
    db().select().from(pointsTransactions).where(eq(pointsTransactions.reference, reference))

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    await seed(t.database, () => {}, ['tags', 'pos'])
    const uidOf = async (storeName: string) =>
      (
        await db()
          .select({ uid: tags.tagUid })
          .from(tags)
          .innerJoin(stores, eq(stores.id, tags.storeId))
          .where(eq(stores.name, storeName))
      )[0]!.uid
    uids.PARIS = await uidOf('Maison Dupont — Paris Marais')
    uids.LYON = await uidOf('Maison Dupont — Lyon Presqu’île')
    uids.BAGELS = await uidOf('Brooklyn Bagels — Williamsburg')
    dupont = (await db().select().from(franchises).where(eq(franchises.name, 'Maison Dupont')))[0]!
    bagels = (await db().select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels')))[0]!
    const [card] = await db()
      .insert(loyaltyModels)
      .values({ franchiseId: dupont.id, name: 'Carte Maison Dupont', loyaltyType: 'PASSAGE', earnRate: 10 })
      .returning()
    dupontCard = card!.id
    await db()
      .insert(loyaltyOffers)
      .values(
        [
          { name: 'Café offert', description: 'Un café offert.', redeemPointAmount: 10, type: 'PRODUCT' },
          {
            name: '5 € de remise',
            description: 'Cinq euros de remise.',
            redeemPointAmount: 150,
            type: 'FLAT',
          },
          {
            name: 'Archivée',
            description: 'Une offre archivée.',
            redeemPointAmount: 5,
            type: 'FLAT',
            status: 'ARCHIVED',
          },
        ].map((o) => ({ ...o, franchiseId: dupont.id, loyaltyModelId: dupontCard })),
      )
    await db()
      .insert(loyaltyModels)
      .values({ franchiseId: bagels.id, name: 'Bagel Club', loyaltyType: 'MANUAL_AMOUNT', earnRate: 1 })
    bagelsTag = (await db().select().from(tags).where(eq(tags.tagUid, uids.BAGELS)))[0]!
  })
  afterAll(() => t?.close())
  return {
    app: () => t.app,
    /** What the hooks found, once they ran. */
    state: () => ({ ...uids, dupont, bagels, dupontCard, bagelsTag }),
    ip,
    frPhone,
    usPhone,
    get,
    collect,
    db,
    tagOf,
    codeOf,
    visit,
    inject,
    proven,
    clientOf,
    ledgerRows,
  }
}
