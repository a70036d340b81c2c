// Coupons redeemed at the counter by their short code (issue 34): the code typed, or read from the
// coupon's QR code (which leads to the back office's redeem page for it). The code is unique per
// franchise; a caller finds only the coupons of its scope (another tenant's code is a 404, as unknown),
// and the redemption itself is the client screens' (clients.ts redeemCoupon), once per Idempotency-Key.
import { and, desc, eq } from 'drizzle-orm'
import type { CounterCoupon } from '../../domain/coupons'
import type { Db, Tx } from '../db/client'
import { coupons } from '../db/schema'
import { notFound } from '../errors'
import { toCouponRow } from './client-offers'
import { redeemCoupon, visibleClient } from './clients'
import { runOnce } from './idempotency'
import type { IdempotencyKey } from './ledger'
import { assertStore, inScope, type Scope, type Tenant } from './scope'

const COUPON_COLS = { franchiseId: coupons.franchiseId }
const unknownCode = () => notFound('COUPON_NOT_FOUND', 'No coupon has this code')

/** The caller's coupon of this code, and its client (a store owner sees its stores' clients only). */
async function couponOfCode(db: Db | Tx, scope: Scope, code: string) {
  // Unique per franchise: an owner of several franchises could, once in 10^11, reach two; the newest wins.
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, code), inScope(scope, COUPON_COLS)))
    .orderBy(desc(coupons.createdAt))
    .limit(1)
  if (!coupon) throw unknownCode()
  const client = await visibleClient(db, scope, coupon.franchiseId, coupon.clientId).catch(() => {
    throw unknownCode()
  })
  return { coupon, client }
}

/** GET api/v2/coupons/by-code/{code} */
export async function counterCoupon(
  db: Db | Tx,
  scope: Scope,
  code: string,
  now = new Date(),
): Promise<CounterCoupon> {
  const { coupon, client } = await couponOfCode(db, scope, code)
  return {
    ...toCouponRow(coupon, now),
    code: coupon.code,
    clientId: client.id,
    clientName: [client.firstName, client.lastName].filter(Boolean).join(' '),
  }
}

/** POST api/v2/coupons/by-code/{code}/redeem */
export async function redeemCouponByCode(
  db: Db,
  tenant: Tenant,
  code: string,
  storeId: string | undefined,
  key: IdempotencyKey,
) {
  if (storeId) await assertStore(db, tenant, storeId)
  return runOnce(db, key, async (tx) => {
    const { coupon } = await couponOfCode(tx, tenant, code)
    const claimed = await redeemCoupon(tx, tenant, coupon.id, storeId ?? null)
    return counterCoupon(tx, tenant, claimed.code)
  })
}
