// Store opinions (issue 6): customers leave them from the public scan page; merchants read the
// averages of their stores, page through one store's opinions and reply.
import { and, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import {
  addDistributions,
  clientName,
  type Distribution,
  emptyDistribution,
  isRating,
  type Opinion,
  type OpinionInput,
  type OpinionPage,
  RECENT_OPINIONS,
  type Satisfaction,
  summarise,
} from '../../domain/opinions'
import type { Db } from '../db/client'
import { clients, storeOpinions, stores } from '../db/schema'
import { AppError, notFound } from '../errors'
import { hit, type Limit } from './rate-limit'
import { assertStore, inScope, ownFranchiseIds, type Scope, scopedId, type Tenant } from './scope'

/**
 * The public call is open to anyone: one address may leave a few opinions (a shop's shared Wi-Fi),
 * one client one opinion per store and day is plenty.
 */
export type OpinionLimits = { perAddress: Limit; perClientStore: Limit }
export const DEFAULT_OPINION_LIMITS: OpinionLimits = {
  perAddress: { max: 20, windowSeconds: 60 * 60 },
  perClientStore: { max: 3, windowSeconds: 24 * 60 * 60 },
}

const tooMany = (seconds: number) =>
  new AppError(429, 'TOO_MANY_OPINIONS', 'Too many opinions. Try again later.', { retryAfter: seconds })

type Row = typeof storeOpinions.$inferSelect & {
  storeName: string
  firstName: string | null
  lastName: string | null
}

function toOpinion(r: Row): Opinion {
  return {
    id: r.id,
    storeId: r.storeId,
    storeName: r.storeName,
    clientId: r.clientId,
    clientName: clientName(r.firstName, r.lastName),
    rating: r.rating,
    comment: r.comment,
    reply: r.reply,
    repliedAt: r.repliedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }
}

/** Opinions with their store's and client's names. */
function selectOpinions(db: Db) {
  return db
    .select({
      id: storeOpinions.id,
      franchiseId: storeOpinions.franchiseId,
      storeId: storeOpinions.storeId,
      clientId: storeOpinions.clientId,
      rating: storeOpinions.rating,
      comment: storeOpinions.comment,
      reply: storeOpinions.reply,
      repliedAt: storeOpinions.repliedAt,
      repliedBy: storeOpinions.repliedBy,
      createdAt: storeOpinions.createdAt,
      updatedAt: storeOpinions.updatedAt,
      storeName: stores.name,
      firstName: clients.firstName,
      lastName: clients.lastName,
    })
    .from(storeOpinions)
    .innerJoin(stores, eq(stores.id, storeOpinions.storeId))
    .leftJoin(clients, eq(clients.id, storeOpinions.clientId))
}

/** POST /api/stores/{id}/storeOpinions: a customer's opinion of a store (public, rate limited). */
export async function leaveOpinion(
  db: Db,
  storeId: string,
  input: OpinionInput,
  address: string,
  limits = DEFAULT_OPINION_LIMITS,
): Promise<Opinion> {
  const waitAddress = await hit(db, `opinion:addr:${address}`, limits.perAddress)
  if (waitAddress) throw tooMany(waitAddress)
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId))
  if (!store) throw notFound('STORE_NOT_FOUND', 'Store not found')
  let client: typeof clients.$inferSelect | undefined
  if (input.clientId) {
    // Only a real customer of this franchise: an opinion cannot be pinned on someone else's client.
    ;[client] = await db
      .select()
      .from(clients)
      .where(and(eq(clients.id, input.clientId), eq(clients.franchiseId, store.franchiseId)))
    if (!client) throw notFound('CLIENT_NOT_FOUND', 'Client not found')
    const wait = await hit(db, `opinion:client:${client.id}:${store.id}`, limits.perClientStore)
    if (wait) throw tooMany(wait)
  }
  const [row] = await db
    .insert(storeOpinions)
    .values({
      franchiseId: store.franchiseId,
      storeId: store.id,
      clientId: client?.id ?? null,
      rating: input.rating,
      comment: input.comment,
    })
    .returning()
  return toOpinion({
    ...row!,
    storeName: store.name,
    firstName: client?.firstName ?? null,
    lastName: client?.lastName ?? null,
  })
}

async function opinionRow(db: Db, scope: Scope, storeId: string, opinionId: string): Promise<Row> {
  const [row] = await selectOpinions(db)
    .where(and(scopedId(scope, storeOpinions, opinionId), eq(storeOpinions.storeId, storeId)))
    .limit(1)
  if (!row) throw notFound('OPINION_NOT_FOUND', 'Opinion not found')
  return row
}

/** PUT /api/stores/{id}/storeOpinions/{opinionId}: the merchant's reply (replaces an earlier one). */
export async function replyToOpinion(
  db: Db,
  tenant: Tenant,
  storeId: string,
  opinionId: string,
  reply: string,
  now = new Date(),
): Promise<Opinion> {
  await assertStore(db, tenant, storeId)
  const [done] = await db
    .update(storeOpinions)
    .set({ reply, repliedAt: now, repliedBy: tenant.userId, updatedAt: now })
    .where(and(scopedId(tenant, storeOpinions, opinionId), eq(storeOpinions.storeId, storeId)))
    .returning({ id: storeOpinions.id })
  if (!done) throw notFound('OPINION_NOT_FOUND', 'Opinion not found')
  return toOpinion(await opinionRow(db, tenant, storeId, opinionId))
}

export type OpinionFilter = { page: number; size: number; rating?: number; replied?: boolean }

/** GET api/v2/stores/{id}/opinions: one store's opinions, newest first (a foreign store is a 404). */
export async function listOpinions(
  db: Db,
  scope: Scope,
  storeId: string,
  f: OpinionFilter,
): Promise<OpinionPage> {
  await assertStore(db, scope, storeId)
  const where = and(
    eq(storeOpinions.storeId, storeId),
    inScope(scope, storeOpinions),
    f.rating ? eq(storeOpinions.rating, f.rating) : undefined,
    f.replied === undefined
      ? undefined
      : f.replied
        ? isNotNull(storeOpinions.reply)
        : isNull(storeOpinions.reply),
  )
  const [total] = await db.select({ n: count() }).from(storeOpinions).where(where)
  const rows = await selectOpinions(db)
    .where(where)
    .orderBy(desc(storeOpinions.createdAt), desc(storeOpinions.id))
    .limit(f.size)
    .offset((f.page - 1) * f.size)
  return { data: rows.map(toOpinion), metadata: { page: f.page, size: f.size, total: total?.n ?? 0 } }
}

/**
 * GET api/v2/stores/opinions: every store the caller may see with its average and distribution, the
 * total over them, and the latest opinions (of one store when `storeId` is given).
 */
export async function satisfaction(db: Db, scope: Scope, storeId?: string): Promise<Satisfaction> {
  if (storeId) await assertStore(db, scope, storeId)
  // The caller's own stores: a demo franchise it may read is never part of its summary.
  const own = ownFranchiseIds(scope)
  if (own.length === 0) return { stores: [], total: summarise(emptyDistribution()), recent: [] }
  const visible = and(
    inArray(stores.franchiseId, own),
    scope.storeIds === null ? undefined : inArray(stores.id, scope.storeIds.length ? scope.storeIds : ['']),
  )
  const storeRows = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(visible)
    .orderBy(stores.name)
  const ids = storeRows.map((s) => s.id)
  const counts = ids.length
    ? await db
        .select({ storeId: storeOpinions.storeId, rating: storeOpinions.rating, n: count() })
        .from(storeOpinions)
        .where(and(inArray(storeOpinions.franchiseId, own), inArray(storeOpinions.storeId, ids)))
        .groupBy(storeOpinions.storeId, storeOpinions.rating)
    : []
  const byStore = new Map<string, Distribution>(ids.map((id) => [id, emptyDistribution()]))
  for (const c of counts) if (isRating(c.rating)) byStore.get(c.storeId)![c.rating] += Number(c.n)
  const perStore = storeRows.map((s) => ({
    storeId: s.id,
    storeName: s.name,
    ...summarise(byStore.get(s.id)!),
  }))
  const recentIds = storeId ? ids.filter((id) => id === storeId) : ids
  const recent = recentIds.length
    ? await selectOpinions(db)
        .where(and(inArray(storeOpinions.franchiseId, own), inArray(storeOpinions.storeId, recentIds)))
        .orderBy(desc(storeOpinions.createdAt), desc(storeOpinions.id))
        .limit(RECENT_OPINIONS)
    : []
  return {
    stores: perStore,
    total: summarise(addDistributions([...byStore.values()])),
    recent: recent.map(toOpinion),
  }
}
