// The subscription state kept in our database (tables-payments.ts), written by the local checkout, by
// the HTTP adapter after a change it asked for, and by the provider's webhook.
import { eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { subscriptions } from '../../db/schema'

export type SubscriptionState = typeof subscriptions.$inferSelect

export async function readState(db: Db | Tx, userId: string): Promise<SubscriptionState | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId))
  return row
}

/** Creates or updates the user's row with what is given (the plan defaults to the one we sell). */
export async function saveState(
  db: Db | Tx,
  userId: string,
  change: Partial<Omit<SubscriptionState, 'userId' | 'updatedAt'>>,
): Promise<void> {
  const set = { ...change, updatedAt: new Date() }
  await db
    .insert(subscriptions)
    .values({ userId, planId: 'loyalty-pro-monthly', status: 'ACTIVE', ...set })
    .onConflictDoUpdate({ target: subscriptions.userId, set })
}
