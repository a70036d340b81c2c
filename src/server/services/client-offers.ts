// What a client can spend and holds: the offers of the franchise's card it can redeem, and its coupons.
import { and, asc, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import { type CouponRow, type CouponState, couponState, type OfferRow } from '../../domain/clients'
import type { Db } from '../db/client'
import { coupons, loyaltyModels, loyaltyOffers } from '../db/schema'

export function toOfferRow(o: typeof loyaltyOffers.$inferSelect, points?: number): OfferRow {
  return {
    id: o.id,
    name: o.name,
    description: o.description,
    image: o.image,
    redeemPointAmount: o.redeemPointAmount,
    type: o.type,
    value: o.value,
    currencyCode: o.currencyCode,
    status: o.status,
    redeemedCount: o.redeemedCount,
    ...(points !== undefined ? { canRedeem: points >= o.redeemPointAmount } : {}),
  }
}

/** Active, unexpired offers of the franchise's card that cover the store (all stores when none listed). */
export async function redeemableOffers(
  db: Db,
  franchiseId: string,
  storeId: string | null,
  now = new Date(),
) {
  const rows = await db
    .select({ o: loyaltyOffers, storeIds: loyaltyModels.storeIds })
    .from(loyaltyOffers)
    .innerJoin(loyaltyModels, eq(loyaltyModels.id, loyaltyOffers.loyaltyModelId))
    .where(
      and(
        eq(loyaltyOffers.franchiseId, franchiseId),
        eq(loyaltyOffers.status, 'ACTIVE'),
        or(isNull(loyaltyOffers.expiresAt), gte(loyaltyOffers.expiresAt, now)),
      ),
    )
    .orderBy(asc(loyaltyOffers.redeemPointAmount))
  return rows
    .filter((r) => !storeId || r.storeIds.length === 0 || r.storeIds.includes(storeId))
    .map((r) => r.o)
}

export function toCouponRow(c: typeof coupons.$inferSelect, now: Date): CouponRow {
  return {
    id: c.id,
    type: c.type,
    value: c.value,
    currencyCode: c.currencyCode,
    header: c.header,
    productDescription: c.productDescription,
    termsOfUse: c.termsOfUse,
    expiresAt: c.expiresAt.toISOString(),
    claimedAt: c.claimedAt?.toISOString() ?? null,
    state: couponState(c, now),
  }
}

export async function listCoupons(
  db: Db,
  q: {
    clientId: string
    franchiseId: string
    storeId?: string | undefined
    state?: CouponState | undefined
    page: number
    size: number
  },
  now = new Date(),
) {
  const conditions: SQL[] = [eq(coupons.clientId, q.clientId), eq(coupons.franchiseId, q.franchiseId)]
  if (q.storeId) conditions.push(or(isNull(coupons.storeId), eq(coupons.storeId, q.storeId))!)
  if (q.state === 'claimed') conditions.push(isNotNull(coupons.claimedAt))
  if (q.state === 'expired') conditions.push(isNull(coupons.claimedAt), lt(coupons.expiresAt, now))
  if (q.state === 'active') conditions.push(isNull(coupons.claimedAt), gte(coupons.expiresAt, now))
  const where = and(...conditions)
  const rows = await db
    .select()
    .from(coupons)
    .where(where)
    .orderBy(asc(coupons.expiresAt), asc(coupons.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size)
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(coupons).where(where)
  return {
    data: rows.map((c) => toCouponRow(c, now)),
    metadata: { page: q.page, size: q.size, total: count?.n ?? 0 },
  }
}
