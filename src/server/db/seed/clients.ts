// Demo clients with 18+ months of history (clients issue): Maison Dupont gets 2,000 clients over its
// three stores, the three acquisition sources and the three client types; Brooklyn Bagels a few
// hundred. Every balance and aggregate is the sum of the generated ledger rows. Deterministic.
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../client'
import {
  clientStores,
  clients,
  coupons,
  franchises,
  loyaltyModels,
  loyaltyOffers,
  pointsTransactions,
  stores,
} from '../schema'
import { FR_FIRST, FR_LAST, MAILS, US_FIRST, US_LAST, US_MAILS } from './names'
import type { SeedModule } from './types'

/** mulberry32: a small deterministic generator, so the demo is the same on every machine. */
export function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const DAY = 86_400_000
const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

export type Plan = {
  franchiseName: string
  /** Found by id rather than by name (the demo franchise). */
  franchiseId?: string
  count: number
  seed: number
  country: 'FR' | 'US'
  /** points earned by one visit of amountCents */
  earn: (amountCents: number) => number
  maxPoints: number | null
  redeemAt: number
  redeemCost: number
  /** The offer the seeded redeems used. */
  redeemReference: string | null
}

/** Postcodes around a store (its own and its neighbours'), by the store's département or borough. */
const NEARBY: Record<string, string[]> = {
  '75': ['75003', '75004', '75004', '75011', '75010', '75020'],
  '69': ['69001', '69002', '69002', '69003', '69006', '69007'],
  '33': ['33000', '33000', '33300', '33800', '33200'],
  '11': ['11249', '11211', '11206', '11222'],
}
export function nearbyPostcodes(storePostcode: string | null | undefined, country: 'FR' | 'US'): string[] {
  const near = storePostcode ? NEARBY[storePostcode.slice(0, 2)] : undefined
  if (near) return near
  if (storePostcode) return [storePostcode]
  return country === 'FR' ? NEARBY['75']! : NEARBY['11']!
}

export async function seedFranchiseClients(db: Db, plan: Plan, now: Date, log: (m: string) => void) {
  const rnd = random(plan.seed)
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!
  const [f] = await db
    .select()
    .from(franchises)
    .where(plan.franchiseId ? eq(franchises.id, plan.franchiseId) : eq(franchises.name, plan.franchiseName))
  if (!f) return
  const storeRows = await db.select().from(stores).where(eq(stores.franchiseId, f.id))
  const storeIds = storeRows.map((s) => s.id)
  const clientValues: (typeof clients.$inferInsert)[] = []
  const balanceValues: { id: string; points: number; collected: number; redeemed: number }[] = []
  const txValues: (typeof pointsTransactions.$inferInsert)[] = []
  const linkValues: (typeof clientStores.$inferInsert)[] = []
  const usedPhones = new Set<string>()

  for (let i = 0; i < plan.count; i++) {
    const id = crypto.randomUUID()
    const first = plan.country === 'FR' ? pick(FR_FIRST) : pick(US_FIRST)
    const last = plan.country === 'FR' ? pick(FR_LAST) : pick(US_LAST)
    let phone: string
    do {
      phone =
        plan.country === 'FR'
          ? `+33${rnd() < 0.7 ? 6 : 7}${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}`
          : `+1${pick(['718', '347', '917', '646'])}${2 + Math.floor(rnd() * 8)}${String(Math.floor(rnd() * 1e6)).padStart(6, '0')}`
    } while (usedPhones.has(phone))
    usedPhones.add(phone)
    const email =
      rnd() < 0.75
        ? `${ascii(first)}.${ascii(last)}${i}@${pick(plan.country === 'FR' ? MAILS : US_MAILS)}`
        : null
    const source = rnd() < 0.15 ? 'MIGRATION' : rnd() < 0.35 ? 'EMARKETING' : 'STORE'
    // A third each: lost (last visit 4–17 months ago), new (first visit this quarter), regular.
    const kind = i % 3
    const firstVisit =
      kind === 1 ? now.getTime() - (2 + rnd() * 80) * DAY : now.getTime() - (130 + rnd() * 420) * DAY
    const lastVisitLimit =
      kind === 0
        ? now.getTime() - (120 + rnd() * (firstVisit > now.getTime() - 130 * DAY ? 0 : 300)) * DAY
        : now.getTime() - rnd() * 20 * DAY
    const home = pick(storeIds)
    let points = 0
    let collected = 0
    let visits = 0
    let redeemed = 0
    let spent = 0
    let lastVisit = 0
    const visited = new Set<string>()
    if (source === 'MIGRATION') {
      const migrated = 20 + Math.floor(rnd() * 80)
      txValues.push({
        franchiseId: f.id,
        clientId: id,
        storeId: home,
        type: 'migration',
        points: migrated,
        createdAt: new Date(firstVisit - DAY),
      })
      points += migrated
      collected += migrated
    }
    /** One visit with a sale at `store`: its points (up to the card's maximum) and the client's totals. */
    const visit = (store: string, at: number, amount: number) => {
      let earned = plan.earn(amount)
      if (plan.maxPoints) earned = Math.min(earned, Math.max(0, plan.maxPoints - points))
      txValues.push({
        franchiseId: f.id,
        clientId: id,
        storeId: store,
        type: 'tag',
        points: earned,
        amountCents: amount,
        currencyCode: f.currencyCode,
        createdAt: new Date(at),
      })
      points += earned
      collected += earned
      visits++
      spent += amount
      lastVisit = at
      visited.add(store)
    }
    for (let at = firstVisit; at <= Math.max(firstVisit, lastVisitLimit); at += (6 + rnd() * 30) * DAY) {
      // Mostly the home store: the stores are in different cities, a visit elsewhere is a trip.
      const store = rnd() < 0.97 ? home : pick(storeIds)
      visit(store, at, 350 + Math.floor(rnd() * 3500))
      // Now and then the same client comes back the same day (a coffee in the morning, bread at
      // night): visits outnumber client-days, as in a real shop.
      if (rnd() < 0.12 && at + 6 * 3600_000 < now.getTime())
        visit(store, at + 6 * 3600_000, 180 + Math.floor(rnd() * 900))
      if (points >= plan.redeemAt && rnd() < 0.6) {
        txValues.push({
          franchiseId: f.id,
          clientId: id,
          storeId: store,
          type: 'redeem',
          points: -plan.redeemCost,
          reference: plan.redeemReference,
          createdAt: new Date(at + 60_000),
        })
        points -= plan.redeemCost
        redeemed++
      }
    }
    for (const s of visited)
      linkValues.push({
        franchiseId: f.id,
        clientId: id,
        storeId: s,
        firstVisitAt: new Date(firstVisit),
        lastVisitAt: new Date(lastVisit),
      })
    balanceValues.push({ id, points, collected, redeemed })
    clientValues.push({
      id,
      franchiseId: f.id,
      firstName: first,
      lastName: last,
      email,
      phone,
      gender: rnd() < 0.5 ? 'female' : 'male',
      birthDate: `${1950 + Math.floor(rnd() * 55)}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`,
      // A client lives near its home store: Lyon's clients have Lyon's postcodes.
      postcode: pick(nearbyPostcodes(storeRows.find((s) => s.id === home)?.addressPostcode, plan.country)),
      acquiredFrom: source,
      appLastUsedAt: rnd() < 0.3 ? new Date(now.getTime() - rnd() * 300 * DAY) : null,
      visitCount: visits,
      firstVisitAt: visits ? new Date(firstVisit) : null,
      lastVisitAt: visits ? new Date(lastVisit) : null,
      salesCount: visits,
      totalSpentCents: spent,
      createdAt: new Date(firstVisit - DAY),
    })
  }
  const chunk = async <T>(rows: T[], size: number, insert: (part: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size))
  }
  await chunk(clientValues, 500, (part) => db.insert(clients).values(part))
  // Each client's balance row was created empty with it (a statement trigger): its balance is set here.
  await chunk(balanceValues, 1000, (part) =>
    db.execute(sql`update client_balances b
         set points = v.points, total_collected_points = v.collected, redeemed_offers_count = v.redeemed
        from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as v(id uuid, points int, collected int, redeemed int)
       where b.client_id = v.id`),
  )
  await chunk(linkValues, 1000, (part) => db.insert(clientStores).values(part))
  await chunk(txValues, 1000, (part) => db.insert(pointsTransactions).values(part))
  log(`${plan.franchiseName}: ${clientValues.length} clients, ${txValues.length} transactions`)
  return { franchise: f, storeIds, clientIds: clientValues.map((c) => c.id!) }
}

export async function seedCard(
  db: Db,
  franchiseId: string,
  card: { name: string; loyaltyType: string; earnRate: number; maxPoints: number | null },
  offers: Omit<typeof loyaltyOffers.$inferInsert, 'franchiseId' | 'loyaltyModelId'>[],
) {
  // §5: a card covers at least one store; the demo cards cover every store of their franchise.
  const storeIds = (
    await db.select({ id: stores.id }).from(stores).where(eq(stores.franchiseId, franchiseId))
  ).map((s) => s.id)
  const [model] = await db
    .insert(loyaltyModels)
    .values({
      franchiseId,
      name: card.name,
      loyaltyType: card.loyaltyType,
      earnRate: card.earnRate,
      storeIds,
    })
    .returning()
  return db
    .insert(loyaltyOffers)
    .values(offers.map((o) => ({ ...o, franchiseId, loyaltyModelId: model!.id })))
    .returning()
}

export const clientsSeed: SeedModule = {
  name: 'clients',
  async run({ db, log }) {
    const now = new Date()
    const [dupontF] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    const [bagelsF] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    if (!dupontF || !bagelsF) return
    const dupontOffers = await seedCard(
      db,
      dupontF.id,
      { name: 'Carte Maison Dupont', loyaltyType: 'PASSAGE', earnRate: 10, maxPoints: 500 },
      [
        {
          name: 'Café offert',
          description: 'Un café ou un thé offert avec votre viennoiserie.',
          redeemPointAmount: 50,
          type: 'PRODUCT',
          // The demo points of sale's product id (BAKERY_CATALOGUE): the offer names its product.
          posProductIds: ['CAFE'],
          productPriority: 'LOW_PRICE',
          redeemedCount: 412,
        },
        {
          name: '5 € de remise',
          description: 'Cinq euros de remise sur votre prochain achat.',
          redeemPointAmount: 150,
          type: 'FLAT',
          value: 500,
          currencyCode: 'EUR',
          redeemedCount: 268,
        },
        {
          name: '10 % sur les gâteaux',
          description: 'Dix pour cent de remise sur les gâteaux entiers.',
          redeemPointAmount: 250,
          type: 'PERCENTAGE',
          value: 10,
          redeemedCount: 57,
        },
        {
          name: 'Galette des rois',
          description: 'Une galette offerte pour six personnes (janvier).',
          redeemPointAmount: 400,
          type: 'PRODUCT',
          posProductIds: ['galette'],
          productPriority: 'HIGH_PRICE',
          status: 'ARCHIVED',
          redeemedCount: 12,
        },
      ],
    )
    const bagelsOffers = await seedCard(
      db,
      bagelsF.id,
      { name: 'Bagel Club', loyaltyType: 'MANUAL_AMOUNT', earnRate: 1, maxPoints: null },
      [
        {
          name: 'Free bagel',
          description: 'Any bagel with your choice of schmear.',
          redeemPointAmount: 60,
          type: 'PRODUCT',
          posProductIds: ['bagel'],
          productPriority: 'LOW_PRICE',
        },
        {
          name: '$5 off',
          description: 'Five dollars off your next order.',
          redeemPointAmount: 100,
          type: 'FLAT',
          value: 500,
          currencyCode: 'USD',
        },
        {
          name: '15% off catering',
          description: 'Fifteen percent off any catering order.',
          redeemPointAmount: 200,
          type: 'PERCENTAGE',
          value: 15,
        },
      ],
    )
    log('loyalty cards: Carte Maison Dupont (4 offers, one archived), Bagel Club (3 offers)')
    const refOf = (offers: { id: string; redeemPointAmount: number }[], cost: number) =>
      offers.find((o) => o.redeemPointAmount === cost)?.id ?? null
    const dupont = await seedFranchiseClients(
      db,
      {
        franchiseName: 'Maison Dupont',
        count: 2000,
        seed: 1952,
        country: 'FR',
        earn: () => 10,
        maxPoints: 500,
        redeemAt: 150,
        redeemCost: 150,
        redeemReference: refOf(dupontOffers, 150),
      },
      now,
      log,
    )
    await seedFranchiseClients(
      db,
      {
        franchiseName: 'Brooklyn Bagels',
        count: 300,
        seed: 1987,
        country: 'US',
        earn: (c) => Math.floor(c / 100),
        maxPoints: null,
        redeemAt: 100,
        redeemCost: 100,
        redeemReference: refOf(bagelsOffers, 100),
      },
      now,
      log,
    )
    if (!dupont) return
    await seedCoupons(db, dupont, 300, now)
    log('Maison Dupont: 300 coupons (active, expired, claimed)')
  },
}

/** Coupons in each state (active, expired, claimed) for a franchise's first `count` seeded clients. */
export async function seedCoupons(
  db: Db,
  seeded: { franchise: { id: string }; storeIds: string[]; clientIds: string[] },
  count: number,
  now: Date,
) {
  const couponValues: (typeof coupons.$inferInsert)[] = []
  seeded.clientIds.slice(0, count).forEach((clientId, i) => {
    const state = i % 3
    couponValues.push({
      franchiseId: seeded.franchise.id,
      clientId,
      type: i % 2 ? 'percentage' : 'flat',
      value: i % 2 ? 15 : 300,
      currencyCode: i % 2 ? null : 'EUR',
      header: i % 2 ? '-15 % sur votre commande' : '3 € offerts',
      termsOfUse: 'Valable une fois, non cumulable.',
      expiresAt: new Date(now.getTime() + (state === 1 ? -10 : 30) * DAY),
      claimedAt: state === 2 ? new Date(now.getTime() - 5 * DAY) : null,
      claimedStoreId: state === 2 ? seeded.storeIds[0]! : null,
      createdAt: new Date(now.getTime() - 40 * DAY),
    })
  })
  if (couponValues.length) await db.insert(coupons).values(couponValues)
}
