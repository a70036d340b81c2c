// The retailer subscription: whose a request asks about, its currency, the flag the access checks read
// (set by the local checkout or Stripe's events, services/stripe-events.ts), and the grace period of a
// failed renewal, closed by the subscription check once it has run out.
import { and, eq, ne } from 'drizzle-orm'
import type { CurrencyCode } from '../../domain/constants'
import { DEFAULT_GRACE_DAYS } from '../adapters/payments/config'
import type { Db, Tx } from '../db/client'
import { franchises, users } from '../db/schema'
import { forbidden } from '../errors'
import type { Tenant } from './scope'
import { opensOwnerPages, readState } from './subscription-state'

/** Whose subscription a request asks about: the caller's own, or (staff) any user's. */
export function subscriberOf(tenant: Tenant, userId: string | undefined): string {
  const id = userId ?? tenant.userId
  if (id !== tenant.userId && tenant.kind !== 'staff')
    throw forbidden('You can only see your own subscription')
  return id
}

/** The currency the user's products are priced in: its franchise's, else EUR. */
export async function currencyOf(db: Db, userId: string): Promise<CurrencyCode> {
  const [f] = await db
    .select({ c: franchises.currencyCode })
    .from(franchises)
    .where(eq(franchises.userId, userId))
    .limit(1)
  return (f?.c as CurrencyCode) ?? 'EUR'
}

/**
 * The retailer-subscription check of the login and startup flows (§4). A renewal that failed longer
 * ago than the grace period closes the owner pages here (Stripe sends no event when our grace ends).
 */
export async function retailerSubscription(
  db: Db,
  userId: string,
  graceDays = DEFAULT_GRACE_DAYS,
  now = new Date(),
) {
  const [u] = await db.select({ s: users.isSubscribedRetailer }).from(users).where(eq(users.id, userId))
  if (!u?.s) return { isSubscribedRetailer: false }
  const state = await readState(db, userId)
  if (state?.status === 'PAST_DUE' && !opensOwnerPages(state, graceDays, now)) {
    await setRetailerSubscription(db, userId, false)
    return { isSubscribedRetailer: false }
  }
  return { isSubscribedRetailer: true }
}

/** Sets the user's retailer flag; setting it to what it already is changes nothing. */
export async function setRetailerSubscription(
  db: Db | Tx,
  userId: string,
  subscribed: boolean,
): Promise<'updated' | 'unchanged' | 'unknown-customer'> {
  const changed = await db
    .update(users)
    .set({ isSubscribedRetailer: subscribed, updatedAt: new Date() })
    .where(and(eq(users.id, userId), ne(users.isSubscribedRetailer, subscribed)))
    .returning({ id: users.id })
  if (changed.length) return 'updated'
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
  return exists ? 'unchanged' : 'unknown-customer'
}
