// The default payments adapter: a local checkout served by this server. A payment link opens
// /checkout/:id, and paying there activates the subscription, so the whole flow works offline.
import { and, desc, eq } from 'drizzle-orm'
import { checkoutSessions, users } from '../../db/schema'
import { products } from './catalogue'
import type { Payments } from './index'

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
