// The points ledger: every change of a balance is one appended row plus the client's aggregates,
// in one transaction, with the client row locked first so that concurrent spends serialise and a
// balance never goes below zero.
import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { clientStores, clients, franchises, pointsTransactions } from '../db/schema'
import { AppError, notFound } from '../errors'

export const TRANSACTION_TYPES = [
  'tag',
  'redeem',
  'credit',
  'debit',
  'sync',
  'migration',
  'emarketing',
  'game',
] as const
export type TransactionType = (typeof TRANSACTION_TYPES)[number]

/** Types that earn through a visit: the franchise's minimum interval and cap apply. */
const VISIT_TYPES: readonly TransactionType[] = ['tag', 'sync']

export type LedgerEntry = {
  franchiseId: string
  clientId: string
  storeId: string | null
  type: TransactionType
  /** Signed: positive earns, negative spends. */
  points: number
  amountCents?: number | null
  currencyCode?: string | null
  reference?: string | null
  /** A sale or a tag scan counts as a visit. */
  isVisit?: boolean
  authorId: string | null
  impostorOf: string | null
  now?: Date
}

export type LedgerResult = {
  transaction: typeof pointsTransactions.$inferSelect
  client: typeof clients.$inferSelect
}

export async function lockClient(tx: Tx, franchiseId: string, clientId: string) {
  const [client] = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.franchiseId, franchiseId)))
    .for('update')
  if (!client) throw notFound('CLIENT_NOT_FOUND', 'Client not found')
  return client
}

export async function applyPoints(tx: Tx, entry: LedgerEntry): Promise<LedgerResult> {
  const now = entry.now ?? new Date()
  const client = await lockClient(tx, entry.franchiseId, entry.clientId)
  let points = entry.points
  const isSale = entry.amountCents !== undefined && entry.amountCents !== null && entry.amountCents > 0
  // A small sale may earn nothing and is still recorded (a visit and an amount); other moves may not be empty.
  if (!Number.isInteger(points) || (points === 0 && !isSale))
    throw new AppError(400, 'POINTS_INVALID', 'Points must be a non-zero whole number', { field: 'points' })

  if (points < 0 && client.points + points < 0)
    throw new AppError(
      409,
      'INSUFFICIENT_POINTS',
      `The client has ${client.points} points; ${-points} cannot be spent`,
      {
        balance: client.points,
      },
    )

  if (points > 0) {
    const [f] = await tx
      .select({
        interval: franchises.tagScanInterval,
        max: franchises.maxPoints,
        capped: franchises.hasMaxPointsEnabled,
      })
      .from(franchises)
      .where(eq(franchises.id, entry.franchiseId))
    if (f && VISIT_TYPES.includes(entry.type) && f.interval > 0 && client.lastVisitAt) {
      const waitMs = client.lastVisitAt.getTime() + f.interval * 1000 - now.getTime()
      if (waitMs > 0)
        throw new AppError(409, 'VISIT_TOO_SOON', 'Points were already collected recently', {
          retryAfter: Math.ceil(waitMs / 1000),
        })
    }
    if (f?.capped && f.max !== null && f.max > 0) {
      const room = f.max - client.points
      if (room <= 0)
        throw new AppError(
          409,
          'MAX_POINTS_REACHED',
          `The client already has the maximum of ${f.max} points`,
          { maxPoints: f.max },
        )
      points = Math.min(points, room)
    }
  }

  const isVisit = entry.isVisit ?? VISIT_TYPES.includes(entry.type)
  const [transaction] = await tx
    .insert(pointsTransactions)
    .values({
      franchiseId: entry.franchiseId,
      clientId: entry.clientId,
      storeId: entry.storeId,
      type: entry.type,
      points,
      amountCents: entry.amountCents ?? null,
      currencyCode: entry.currencyCode ?? null,
      reference: entry.reference ?? null,
      authorId: entry.authorId,
      impostorOf: entry.impostorOf,
      createdAt: now,
    })
    .returning()

  const [updated] = await tx
    .update(clients)
    .set({
      points: sql`${clients.points} + ${points}`,
      totalCollectedPoints:
        points > 0 ? sql`${clients.totalCollectedPoints} + ${points}` : clients.totalCollectedPoints,
      redeemedOffersCount:
        entry.type === 'redeem' && entry.reference
          ? sql`${clients.redeemedOffersCount} + 1`
          : clients.redeemedOffersCount,
      visitCount: isVisit ? sql`${clients.visitCount} + 1` : clients.visitCount,
      lastVisitAt: isVisit ? now : clients.lastVisitAt,
      firstVisitAt: isVisit ? sql`coalesce(${clients.firstVisitAt}, ${now})` : clients.firstVisitAt,
      salesCount: isSale ? sql`${clients.salesCount} + 1` : clients.salesCount,
      totalSpentCents: isSale
        ? sql`${clients.totalSpentCents} + ${entry.amountCents}`
        : clients.totalSpentCents,
      updatedAt: now,
    })
    .where(eq(clients.id, entry.clientId))
    .returning()

  if (entry.storeId && isVisit) {
    await tx
      .insert(clientStores)
      .values({
        franchiseId: entry.franchiseId,
        clientId: entry.clientId,
        storeId: entry.storeId,
        firstVisitAt: now,
        lastVisitAt: now,
      })
      .onConflictDoUpdate({
        target: [clientStores.clientId, clientStores.storeId],
        set: { lastVisitAt: now },
      })
  }
  return { transaction: transaction!, client: updated! }
}
