// Points expiry test support (issue 23): a franchise's setting, points moved through the ledger at
// chosen instants, and what a client's ledger and balance hold.
import { and, asc, eq } from 'drizzle-orm'
import type { ExpiryMode } from '../../src/domain/expiry'
import type { Db } from '../../src/server/db/client'
import { clientBalances, pointsExpirySettings, pointsTransactions } from '../../src/server/db/schema'
import { applyPoints, type TransactionType } from '../../src/server/services/ledger'

export async function setExpiry(
  db: Db,
  franchiseId: string,
  mode: ExpiryMode,
  months: number,
  reminder: { channel?: 'SMS' | 'PUSH'; message?: string; title?: string } | null = null,
) {
  const values = {
    mode,
    months,
    reminderEnabled: !!reminder,
    reminderChannel: reminder?.channel ?? 'SMS',
    reminderTitle: reminder?.title ?? '',
    reminderMessage: reminder?.message ?? '',
    lastRunDay: null,
  }
  await db
    .insert(pointsExpirySettings)
    .values({ franchiseId, ...values })
    .onConflictDoUpdate({ target: pointsExpirySettings.franchiseId, set: values })
}

/** One ledger move at `at` (a tag is a visit). */
export async function move(
  db: Db,
  franchiseId: string,
  clientId: string,
  type: TransactionType,
  points: number,
  at: Date,
) {
  return db.transaction((tx) =>
    applyPoints(tx, {
      franchiseId,
      clientId,
      storeId: null,
      type,
      points,
      authorId: null,
      impostorOf: null,
      now: at,
    }),
  )
}

export async function balanceOf(db: Db, clientId: string) {
  const [b] = await db.select().from(clientBalances).where(eq(clientBalances.clientId, clientId))
  return b!.points
}

/** A client's expiry rows, oldest first. */
export async function expiriesOf(db: Db, clientId: string) {
  return db
    .select({ points: pointsTransactions.points, reference: pointsTransactions.reference })
    .from(pointsTransactions)
    .where(and(eq(pointsTransactions.clientId, clientId), eq(pointsTransactions.type, 'expiry')))
    .orderBy(asc(pointsTransactions.createdAt))
}
