// The local checkout's side of the subscriptions (PAYMENTS=local): a payment link opens a checkout
// session of ours (adapters/payments/local.ts gives its address), and paying there activates the
// subscription for a month. Asking again for the same product reuses the open checkout: a second
// click on "Pay" (in the app or on the checkout page) never makes a second payment. Cancelling keeps
// the subscription until its period's end; reading it after that end ends it.
import { and, desc, eq } from 'drizzle-orm'
import type { CurrencyCode } from '../../domain/constants'
import { periodEnd } from '../../domain/subscription'
import type { LocalCheckout, Subscription } from '../adapters/payments'
import type { Db } from '../db/client'
import { checkoutSessions, users } from '../db/schema'
import { conflict } from '../errors'
import { readState, saveState } from './subscription-state'

const INVOICES_SHOWN = 24

/** The checkout page's address for the product (an open session reused); null for an unknown product. */
export async function localPaymentLink(
  db: Db,
  checkout: LocalCheckout,
  userId: string,
  productId: string,
  currency: CurrencyCode,
  origin: string,
): Promise<string | null> {
  const product = checkout.listProducts(currency).find((p) => p.id === productId)
  if (!product) return null
  const open = and(
    eq(checkoutSessions.userId, userId),
    eq(checkoutSessions.productId, productId),
    eq(checkoutSessions.currencyCode, currency),
    eq(checkoutSessions.status, 'OPEN'),
  )
  const [reused] = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(open)
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(1)
  const session =
    reused ??
    (
      await db
        .insert(checkoutSessions)
        .values({ userId, productId, amountCents: product.amountCents, currencyCode: currency })
        .returning({ id: checkoutSessions.id })
    )[0]!
  return checkout.checkoutUrl(origin, session.id)
}

export async function localSubscription(
  db: Db,
  checkout: LocalCheckout,
  userId: string,
  now = new Date(),
): Promise<Subscription> {
  const [user] = await db
    .select({ sub: users.isSubscribedRetailer, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
  const paid = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, 'PAID')))
    .orderBy(desc(checkoutSessions.completedAt))
    .limit(INVOICES_SHOWN)
  let state = await readState(db, userId)
  // A cancelled subscription ends at its period's end: the first read after it ends it.
  if (
    state?.status === 'ACTIVE' &&
    state.cancelAtPeriodEnd &&
    state.currentPeriodEnd &&
    state.currentPeriodEnd <= now
  ) {
    await db.transaction(async (tx) => {
      await saveState(tx, userId, { status: 'CANCELED', cancelAtPeriodEnd: false })
      await tx.update(users).set({ isSubscribedRetailer: false, updatedAt: now }).where(eq(users.id, userId))
    })
    state = await readState(db, userId)
    if (user) user.sub = false
  }
  const active = !!user?.sub
  const currency = (paid[0]?.currencyCode ?? 'EUR') as CurrencyCode
  const catalogue = checkout.listProducts(currency)
  const plan = catalogue.find((p) => p.id === (state?.planId ?? paid[0]?.productId)) ?? catalogue[0]!
  // Subscribed without a row (set by an admin, or demo data): monthly from its last payment or sign-up.
  const anchor = paid[0]?.completedAt ?? user?.createdAt ?? now
  return {
    status: active ? 'active' : 'inactive',
    isSubscribedRetailer: active,
    since: paid[0]?.completedAt?.toISOString() ?? null,
    plan: { id: plan.id, name: plan.name, amountCents: plan.amountCents, currencyCode: plan.currencyCode },
    manage: 'local',
    cancelAtPeriodEnd: active && !!state?.cancelAtPeriodEnd,
    currentPeriodEnd: active ? (state?.currentPeriodEnd ?? periodEnd(anchor, now)).toISOString() : null,
    invoices: paid.map((s) => ({
      id: s.id,
      date: (s.completedAt ?? s.createdAt).toISOString(),
      amountCents: s.amountCents,
      currencyCode: s.currencyCode,
      status: 'paid',
    })),
  }
}

export async function localSetCancelAtPeriodEnd(
  db: Db,
  checkout: LocalCheckout,
  userId: string,
  cancel: boolean,
): Promise<Subscription> {
  const current = await localSubscription(db, checkout, userId)
  if (current.status !== 'active' || !current.currentPeriodEnd)
    throw conflict('SUBSCRIPTION_NOT_ACTIVE', 'There is no active subscription to change')
  if (current.cancelAtPeriodEnd !== cancel)
    await saveState(db, userId, {
      planId: current.plan?.id ?? 'loyalty-pro-monthly',
      status: 'ACTIVE',
      cancelAtPeriodEnd: cancel,
      currentPeriodEnd: new Date(current.currentPeriodEnd),
    })
  return localSubscription(db, checkout, userId)
}

/** Pays an open session and activates the subscription: a month from now, or from the running period's end. */
export async function completeLocalCheckout(
  db: Db,
  sessionId: string,
  now = new Date(),
): Promise<'paid' | 'already-paid' | 'unknown'> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, sessionId))
      .for('update')
    if (!session) return 'unknown'
    if (session.status === 'PAID') return 'already-paid'
    const paidAt = now
    await tx
      .update(checkoutSessions)
      .set({ status: 'PAID', completedAt: paidAt })
      .where(eq(checkoutSessions.id, sessionId))
    await tx
      .update(users)
      .set({ isSubscribedRetailer: true, stripeId: `local_${session.userId}`, updatedAt: paidAt })
      .where(eq(users.id, session.userId))
    const running = await readState(tx, session.userId)
    const from =
      running?.status === 'ACTIVE' && running.currentPeriodEnd && running.currentPeriodEnd > paidAt
        ? running.currentPeriodEnd
        : paidAt
    await saveState(tx, session.userId, {
      planId: session.productId,
      status: 'ACTIVE',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: periodEnd(from, from),
    })
    return 'paid'
  })
}
