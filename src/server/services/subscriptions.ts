// The retailer subscription as the payment provider reports it (POST /stripe/webhook): the signature
// check of its calls (adapters/webhook-signature.ts) and the user flag its events set.
import { and, eq, ne } from 'drizzle-orm'
import { is } from 'superstruct'
import type { CurrencyCode } from '../../domain/constants'
import { isId } from '../../domain/ids'
import { SubscriptionReply, stateOf } from '../adapters/payments/http'
import { saveState } from '../adapters/payments/state'
import type { Db, Tx } from '../db/client'
import { franchises, users } from '../db/schema'
import { badRequest, forbidden } from '../errors'
import type { Tenant } from './scope'

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

/** The retailer-subscription check of the login and startup flows (§4). */
export async function retailerSubscription(db: Db, userId: string) {
  const [u] = await db.select({ s: users.isSubscribedRetailer }).from(users).where(eq(users.id, userId))
  return { isSubscribedRetailer: !!u?.s }
}

/** A provider event; a subscription event may carry the subscription's state (http.ts stateOf). */
export type PaymentEvent = {
  type: string
  customer?: string
  subscription?: {
    status: string
    current_period_end?: unknown
    cancel_at_period_end?: unknown
    plan?: unknown
  }
}
export type PaymentEventOutcome = 'updated' | 'unchanged' | 'unknown-customer' | 'ignored'

const SUBSCRIBED_BY_EVENT = new Map<string, boolean>([
  ['subscription.activated', true],
  ['subscription.canceled', false],
])
/** Events that only change the subscription's state (cancel at period end, resume, renewal). */
const STATE_EVENTS = new Set(['subscription.updated'])

/** The signed body as an event; a 400 when it is not JSON or a subscription event lacks its customer. */
export function parsePaymentEvent(rawBody: Buffer): PaymentEvent {
  let body: unknown
  try {
    body = JSON.parse(rawBody.toString('utf8'))
  } catch {
    throw badRequest('WEBHOOK_INVALID_BODY', 'The webhook body is not JSON')
  }
  if (!body || typeof body !== 'object' || typeof (body as { type?: unknown }).type !== 'string')
    throw badRequest('WEBHOOK_INVALID_BODY', 'The webhook body has no event type')
  const { type, customer, subscription } = body as {
    type: string
    customer?: unknown
    subscription?: unknown
  }
  if (!SUBSCRIBED_BY_EVENT.has(type) && !STATE_EVENTS.has(type)) return { type }
  if (!isId(customer)) throw badRequest('WEBHOOK_INVALID_BODY', 'The event has no valid customer')
  if (subscription === undefined && !STATE_EVENTS.has(type)) return { type, customer }
  if (!is(subscription, SubscriptionReply))
    throw badRequest('WEBHOOK_INVALID_BODY', 'The event has no valid subscription')
  return { type, customer, subscription }
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

/**
 * Applies a provider event: activation and cancellation set the flag, and the subscription's state
 * an event carries is kept (what "Manage the subscription" shows); other events are acknowledged.
 */
export async function applyPaymentEvent(db: Db, event: PaymentEvent): Promise<PaymentEventOutcome> {
  if (!event.customer) return 'ignored'
  const subscribed = SUBSCRIBED_BY_EVENT.get(event.type)
  const customer = event.customer
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, customer))
    if (!user) return 'unknown-customer'
    const flag =
      subscribed === undefined ? 'unchanged' : await setRetailerSubscription(tx, customer, subscribed)
    if (event.subscription) await saveState(tx, customer, stateOf(event.subscription as SubscriptionReply))
    else if (subscribed !== undefined)
      await saveState(tx, customer, { status: subscribed ? 'ACTIVE' : 'CANCELED', cancelAtPeriodEnd: false })
    return event.subscription ? 'updated' : flag
  })
}
