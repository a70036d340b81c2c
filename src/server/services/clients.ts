// Client accounts: points moves and sales through the ledger, scoped to the caller's franchise.
import { and, eq } from 'drizzle-orm'
import type { LoyaltyCard } from '../../domain/clients'
import type { Db, Tx } from '../db/client'
import { clientStores, clients, loyaltyModels, type pointsTransactions } from '../db/schema'
import { notFound } from '../errors'
import { applyPoints } from './ledger'
import type { Scope } from './scope'

export type Actor = { userId: string; impostorOf: string | null }

export function toLoyaltyCard(
  c: typeof clients.$inferSelect,
  t?: typeof pointsTransactions.$inferSelect,
): LoyaltyCard {
  return {
    clientId: c.id,
    points: c.points,
    totalCollectedPoints: c.totalCollectedPoints,
    redeemedOffersCount: c.redeemedOffersCount,
    visitCount: c.visitCount,
    lastVisitAt: c.lastVisitAt?.toISOString() ?? null,
    ...(t
      ? {
          transaction: {
            id: t.id,
            type: t.type,
            points: t.points,
            amountCents: t.amountCents,
            storeId: t.storeId,
            createdAt: t.createdAt.toISOString(),
          },
        }
      : {}),
  }
}

/** The client, if the caller may see it: its franchise, and for a store owner one of its stores. */
export async function visibleClient(db: Db | Tx, scope: Scope, franchiseId: string, clientId: string) {
  const [c] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.franchiseId, franchiseId)))
  if (!c || !scope.franchiseIds.includes(c.franchiseId))
    throw notFound('CLIENT_NOT_FOUND', 'Client not found')
  if (scope.storeIds !== null) {
    const links = await db
      .select({ storeId: clientStores.storeId })
      .from(clientStores)
      .where(eq(clientStores.clientId, c.id))
    if (!links.some((l) => scope.storeIds!.includes(l.storeId)))
      throw notFound('CLIENT_NOT_FOUND', 'Client not found')
  }
  return c
}

export async function movePoints(
  tx: Tx,
  scope: Scope,
  input: { franchiseId: string; clientId: string; storeId: string; points: number },
  actor: Actor,
): Promise<LoyaltyCard> {
  await visibleClient(tx, scope, input.franchiseId, input.clientId)
  const r = await applyPoints(tx, {
    franchiseId: input.franchiseId,
    clientId: input.clientId,
    storeId: input.storeId,
    type: input.points > 0 ? 'credit' : 'debit',
    points: input.points,
    isVisit: false,
    authorId: actor.userId,
    impostorOf: actor.impostorOf,
  })
  return toLoyaltyCard(r.client, r.transaction)
}

/**
 * A sale at the counter: a visit that earns by the card's rule — points per whole currency unit for
 * the amount types, a fixed number per visit for the passage types.
 */
export async function recordSale(
  tx: Tx,
  scope: Scope,
  input: {
    franchiseId: string
    clientId: string
    storeId: string
    amountCents: number
    currencyCode: string
    loyaltyType: string
  },
  actor: Actor,
): Promise<LoyaltyCard> {
  await visibleClient(tx, scope, input.franchiseId, input.clientId)
  const [model] = await tx
    .select()
    .from(loyaltyModels)
    .where(eq(loyaltyModels.franchiseId, input.franchiseId))
  const type = model?.loyaltyType ?? input.loyaltyType
  const rate = model?.earnRate ?? 1
  const points = type.endsWith('PASSAGE') ? rate : Math.floor(input.amountCents / 100) * rate
  const r = await applyPoints(tx, {
    franchiseId: input.franchiseId,
    clientId: input.clientId,
    storeId: input.storeId,
    type: 'tag',
    points: Math.max(points, 0),
    amountCents: input.amountCents,
    currencyCode: input.currencyCode,
    isVisit: true,
    authorId: actor.userId,
    impostorOf: actor.impostorOf,
  })
  return toLoyaltyCard(r.client, r.transaction)
}
