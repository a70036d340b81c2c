// Payments (SPEC §7 /stripe/*) go through this adapter. The default is a local checkout served by
// this server: a payment link opens /checkout/:id, and paying there activates the subscription, so the
// whole flow works offline. A real provider plugs in behind the same interface.
import { and, desc, eq } from 'drizzle-orm'
import type { CurrencyCode } from '../../../domain/constants'
import type { Db } from '../../db/client'
import { checkoutSessions, users } from '../../db/schema'

export type Product = {
  id: string
  name: string
  amountCents: number
  currencyCode: CurrencyCode
  interval: 'month'
}
export type Subscription = {
  status: 'active' | 'inactive'
  isSubscribedRetailer: boolean
  since: string | null
}

const PRICES: Record<CurrencyCode, number> = { EUR: 4900, USD: 5500, CAD: 6900, CHF: 4900 }

export function products(currency: CurrencyCode): Product[] {
  return [
    {
      id: 'loyalty-pro-monthly',
      name: 'Loyalty Pro',
      amountCents: PRICES[currency],
      currencyCode: currency,
      interval: 'month',
    },
  ]
}

export type Payments = {
  kind: 'local'
  listProducts(currency: CurrencyCode): Product[]
  /** A link where the user pays for the product; null when the product is unknown. */
  createPaymentLink(db: Db, userId: string, productId: string, currency: CurrencyCode): Promise<string | null>
  subscription(db: Db, userId: string): Promise<Subscription>
  /** Local checkout only: pays an open session and activates the subscription. */
  completeCheckout(db: Db, sessionId: string): Promise<'paid' | 'already-paid' | 'unknown'>
}

export function localPayments(publicUrl: string): Payments {
  return {
    kind: 'local',
    listProducts: products,
    async createPaymentLink(db, userId, productId, currency) {
      const product = products(currency).find((p) => p.id === productId)
      if (!product) return null
      const [session] = await db
        .insert(checkoutSessions)
        .values({ userId, productId, amountCents: product.amountCents, currencyCode: currency })
        .returning({ id: checkoutSessions.id })
      return `${publicUrl}/checkout/${session!.id}`
    },
    async subscription(db, userId) {
      const [user] = await db
        .select({ sub: users.isSubscribedRetailer })
        .from(users)
        .where(eq(users.id, userId))
      const [paid] = await db
        .select({ at: checkoutSessions.completedAt })
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, 'PAID')))
        .orderBy(desc(checkoutSessions.completedAt))
        .limit(1)
      const active = !!user?.sub
      return {
        status: active ? 'active' : 'inactive',
        isSubscribedRetailer: active,
        since: paid?.at?.toISOString() ?? null,
      }
    },
    async completeCheckout(db, sessionId) {
      return db.transaction(async (tx) => {
        const [session] = await tx
          .select()
          .from(checkoutSessions)
          .where(eq(checkoutSessions.id, sessionId))
          .for('update')
        if (!session) return 'unknown'
        if (session.status === 'PAID') return 'already-paid'
        await tx
          .update(checkoutSessions)
          .set({ status: 'PAID', completedAt: new Date() })
          .where(eq(checkoutSessions.id, sessionId))
        await tx
          .update(users)
          .set({ isSubscribedRetailer: true, stripeId: `local_${session.userId}`, updatedAt: new Date() })
          .where(eq(users.id, session.userId))
        return 'paid'
      })
    },
  }
}
