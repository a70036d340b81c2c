// Client accounts: points moves and sales through the ledger, scoped to the caller's franchise.

import { and, eq, sql } from 'drizzle-orm'
import type { LoyaltyCard } from '../../domain/clients'
import { phoneCountry } from '../../domain/countries'
import { pointsEarned } from '../../domain/earning'
import { normalisePhone } from '../../domain/phone'
import type { Db, Tx } from '../db/client'
import {
  clientBalances,
  clientStores,
  clients,
  coupons,
  loyaltyModels,
  posOrders,
  storeOpinions,
  tagInjections,
} from '../db/schema'
import { badRequest, conflict, notFound } from '../errors'
import { emailIn } from './client-lookups'
import { balanceFields, clientWithBalance } from './client-queries'
import { type IdempotencyKey, type LedgerClient, type LedgerTransaction, moveOnce } from './ledger'
import {
  assertFranchise,
  assertStore,
  clientInScope,
  inScope,
  type Scope,
  scopedFranchise,
  scopedId,
} from './scope'

export type Actor = { userId: string; impostorOf: string | null }

export function toLoyaltyCard(c: LedgerClient, t?: LedgerTransaction): LoyaltyCard {
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
    .select(clientWithBalance)
    .from(clients)
    .innerJoin(clientBalances, eq(clientBalances.clientId, clients.id))
    .where(and(eq(clients.id, clientId), eq(clients.franchiseId, franchiseId), clientInScope(scope)))
  if (!c) throw notFound('CLIENT_NOT_FOUND', 'Client not found')
  return c
}

export type Moved = { card: LoyaltyCard; replayed: boolean }

const moved = (r: Awaited<ReturnType<typeof moveOnce>>): Moved => ({
  card: toLoyaltyCard(r.client, r.transaction),
  replayed: r.replayed,
})

/** A manual credit (positive) or debit (negative) from the back office. */
export async function movePoints(
  db: Db,
  scope: Scope,
  input: { franchiseId: string; clientId: string; storeId: string; points: number },
  actor: Actor,
  key: IdempotencyKey,
): Promise<Moved> {
  // The store is checked by the ledger statement itself (one round trip).
  assertFranchise(scope, input.franchiseId)
  return moved(
    await moveOnce(db, key, {
      visibleTo: scope,
      franchiseId: input.franchiseId,
      clientId: input.clientId,
      storeId: input.storeId,
      type: input.points > 0 ? 'credit' : 'debit',
      points: input.points,
      checkStore: true,
      isVisit: false,
      authorId: actor.userId,
      impostorOf: actor.impostorOf,
    }),
  )
}

/**
 * A sale at the counter: a visit that earns by the card's rule — points per whole currency unit for
 * the amount types, a fixed number per visit for the passage types.
 */
export async function recordSale(
  db: Db,
  scope: Scope,
  input: { clientId: string; storeId: string; amountCents: number },
  actor: Actor,
  key: IdempotencyKey,
): Promise<Moved> {
  const store = await assertStore(db, scope, input.storeId)
  const franchise = await scopedFranchise(db, scope, store.franchiseId)
  const [model] = await db
    .select()
    .from(loyaltyModels)
    .where(and(eq(loyaltyModels.franchiseId, franchise.id), inScope(scope, loyaltyModels)))
  const points = pointsEarned(
    { loyaltyType: model?.loyaltyType ?? franchise.loyaltyType, earnRate: model?.earnRate ?? 1 },
    { amountCents: input.amountCents, productCount: 1 },
  )
  return moved(
    await moveOnce(db, key, {
      visibleTo: scope,
      franchiseId: franchise.id,
      clientId: input.clientId,
      storeId: store.id,
      type: 'tag',
      points: Math.max(points, 0),
      amountCents: input.amountCents,
      currencyCode: store.currencyCode,
      isVisit: true,
      authorId: actor.userId,
      impostorOf: actor.impostorOf,
    }),
  )
}

// ——— Client accounts: create, update, link to a store, delete ———

type ClientFields = {
  firstName: string
  lastName: string
  email?: string | null | undefined
  phone?: string | null | undefined
  gender?: string | null | undefined
  birthDate?: string | null | undefined
  postcode?: string | null | undefined
}

/** Normalises e-mail and phone and checks they are free in the franchise (409 codes of §8). */
async function cleanFields(
  db: Db | Tx,
  franchiseId: string,
  alpha3: string,
  input: ClientFields,
  exceptId?: string,
) {
  const email = input.email?.trim() ? input.email.trim().toLowerCase() : null
  let phone: string | null = null
  if (input.phone?.trim()) {
    phone = normalisePhone(input.phone, phoneCountry(alpha3))
    if (!phone) throw badRequest('INVALID_PHONE', 'This phone number is not valid', { field: 'phone' })
  }
  if (phone) {
    const [taken] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.franchiseId, franchiseId), eq(clients.phone, phone)))
    if (taken && taken.id !== exceptId)
      throw conflict('PHONE_ALREADY_USED', 'Another client already has this phone number')
  }
  if (email) {
    const [taken] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.franchiseId, franchiseId), emailIn(franchiseId, [email])))
    if (taken && taken.id !== exceptId)
      throw conflict('EMAIL_ALREADY_USED', 'Another client already has this e-mail')
  }
  return {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    email,
    phone,
    gender: input.gender ?? null,
    birthDate: input.birthDate ?? null,
    postcode: input.postcode?.trim() || null,
  }
}

/** The unique indexes are the last word when two requests race past the checks above. */
function uniqueViolation(error: unknown): never {
  const e = error as {
    code?: string
    constraint?: string
    message?: string
    cause?: { code?: string; constraint?: string }
  }
  const code = e.code ?? e.cause?.code
  const constraint = e.constraint ?? e.cause?.constraint ?? e.message ?? ''
  if (code === '23505' && constraint.includes('phone'))
    throw conflict('PHONE_ALREADY_USED', 'Another client already has this phone number')
  if (code === '23505' && constraint.includes('email'))
    throw conflict('EMAIL_ALREADY_USED', 'Another client already has this e-mail')
  throw error
}

export async function createClient(
  db: Db,
  franchise: { id: string; codeAlpha3: string },
  input: ClientFields & { storeId?: string | undefined; acquiredFrom?: string },
) {
  const fields = await cleanFields(db, franchise.id, franchise.codeAlpha3, input)
  return db.transaction(async (tx) => {
    const [c] = await tx
      .insert(clients)
      .values({ ...fields, franchiseId: franchise.id, acquiredFrom: input.acquiredFrom ?? 'STORE' })
      .returning()
      .catch(uniqueViolation)
    if (input.storeId)
      await tx
        .insert(clientStores)
        .values({ franchiseId: franchise.id, clientId: c!.id, storeId: input.storeId })
    // Its balance row was created with it, empty (a statement trigger,
    // src/server/db/sql/client_balances_insert.sql).
    return { ...c!, points: 0, totalCollectedPoints: 0, redeemedOffersCount: 0 }
  })
}

export async function updateClient(
  db: Db,
  franchise: { id: string; codeAlpha3: string },
  id: string,
  input: ClientFields,
) {
  const fields = await cleanFields(db, franchise.id, franchise.codeAlpha3, input, id)
  const [c] = await db
    .update(clients)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(clients.id, id), eq(clients.franchiseId, franchise.id)))
    .returning()
    .catch(uniqueViolation)
  if (!c) throw notFound('CLIENT_NOT_FOUND', 'Client not found')
  const [balance] = await db
    .select(balanceFields)
    .from(clientBalances)
    .where(and(eq(clientBalances.franchiseId, c.franchiseId), eq(clientBalances.clientId, c.id)))
  return { ...c, ...balance! }
}

export async function linkClientToStore(db: Db, franchiseId: string, clientId: string, storeId: string) {
  // The balance row first, as a move locks it: a visit of this client meanwhile waits, then moves the
  // new link's day counters too (sql/client_stores_counts_trigger.sql counts the link at the client's
  // days as this statement reads them; a visit that did not see the link would leave it at the old day).
  await db.transaction(async (tx) => {
    await tx
      .select({ id: clientBalances.clientId })
      .from(clientBalances)
      .where(and(eq(clientBalances.franchiseId, franchiseId), eq(clientBalances.clientId, clientId)))
      .for('update')
    await tx.insert(clientStores).values({ franchiseId, clientId, storeId }).onConflictDoNothing()
  })
}

export async function deleteClient(db: Db, franchiseId: string, id: string) {
  // The balance row is locked before the client row, in the order a move takes them (a move locks
  // the balance, then the client row for a visit): a delete and a visit cannot deadlock. Its opinions,
  // till orders and collected tags stay without it: their keys to it are NO ACTION (Citus refuses SET
  // NULL in a key with franchise_id, docs/citus.md), so the same statement clears them.
  const res = await db.execute(sql`
    with locked as (
      select ${clientBalances.clientId} as id from ${clientBalances}
       where ${clientBalances.clientId} = ${id} and ${clientBalances.franchiseId} = ${franchiseId}
         for update)
    , opinions as (
      update ${storeOpinions} set client_id = null
       where ${storeOpinions.franchiseId} = ${franchiseId} and ${storeOpinions.clientId} in (select id from locked))
    , orders as (
      update ${posOrders} set linked_client_id = null
       where ${posOrders.franchiseId} = ${franchiseId} and ${posOrders.linkedClientId} in (select id from locked))
    , injections as (
      update ${tagInjections} set collected_client_id = null
       where ${tagInjections.franchiseId} = ${franchiseId} and ${tagInjections.collectedClientId} in (select id from locked))
    delete from ${clients} where ${clients.id} in (select id from locked) and ${clients.franchiseId} = ${franchiseId}
    returning ${clients.id}`)
  if (!(res as unknown as { rows: unknown[] }).rows.length)
    throw notFound('CLIENT_NOT_FOUND', 'Client not found')
}

// ——— Redeeming ———

export async function redeemOffer(
  db: Db,
  scope: Scope,
  offerId: string,
  input: { clientId: string; storeId: string },
  actor: Actor,
  key: IdempotencyKey,
): Promise<Moved> {
  // The move reads the offer itself (its franchise, state, expiry and price), in the same statement,
  // after the Idempotency-Key: a repeat gets its first answer even if the offer was archived since.
  // Not locked: redemptions of one offer must not queue behind each other (its count is bumped last).
  return moved(
    await moveOnce(db, key, {
      visibleTo: scope,
      franchiseId: null,
      clientId: input.clientId,
      storeId: input.storeId,
      type: 'redeem',
      points: null,
      reference: offerId,
      offerId,
      redeems: true,
      checkStore: true,
      isVisit: false,
      authorId: actor.userId,
      impostorOf: actor.impostorOf,
    }),
  )
}

export async function redeemCoupon(tx: Tx, scope: Scope, couponId: string, storeId: string | null) {
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(scopedId(scope, COUPON_COLS, couponId))
    .for('update')
  if (!coupon) throw notFound('COUPON_NOT_FOUND', 'Coupon not found')
  await visibleClient(tx, scope, coupon.franchiseId, coupon.clientId)
  if (coupon.claimedAt) throw conflict('COUPON_ALREADY_CLAIMED', 'This coupon was already used')
  if (coupon.expiresAt.getTime() < Date.now()) throw conflict('COUPON_EXPIRED', 'This coupon has expired')
  if (coupon.storeId && storeId && coupon.storeId !== storeId)
    throw conflict('COUPON_OTHER_STORE', 'This coupon is for another store')
  const [claimed] = await tx
    .update(coupons)
    .set({ claimedAt: new Date(), claimedStoreId: storeId })
    .where(scopedId(scope, COUPON_COLS, coupon.id))
    .returning()
  return claimed!
}

// A coupon for no store in particular is any store's: the client's visibility decides for a store owner.
const COUPON_COLS = { id: coupons.id, franchiseId: coupons.franchiseId }
