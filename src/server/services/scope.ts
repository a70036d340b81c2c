// The tenant: which franchises and stores the caller may act on, built once per request by the auth
// plugin (`request.tenant`) and handed to services. Franchise owners own franchises; store owners are
// linked to stores; staff reach every franchise on the routes that let them in. Services take their
// scope conditions from here (`inScope`, `clientInScope`, `reachOf`), never by hand.
import { and, arrayOverlaps, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { ClientReach } from '../../domain/access'
import { isAdminRole, type Role } from '../../domain/roles'
import type { Db, Tx } from '../db/client'
import {
  campaigns,
  clientStores,
  clients,
  franchises,
  gameStores,
  games,
  news,
  storeOwners,
  stores,
} from '../db/schema'
import type { DbActor } from '../db/tenant-context'
import { notFound } from '../errors'

export async function franchiseIdsOf(db: Db, userId: string): Promise<string[]> {
  const owned = await db.select({ id: franchises.id }).from(franchises).where(eq(franchises.userId, userId))
  const linked = await db
    .selectDistinct({ id: storeOwners.franchiseId })
    .from(storeOwners)
    .where(eq(storeOwners.userId, userId))
  return [...new Set([...owned, ...linked].map((r) => r.id))]
}

export type Scope = {
  franchiseIds: string[]
  /** null: every store of those franchises (franchise owner); else only these stores (store owner). */
  storeIds: string[] | null
  /**
   * The demo franchises among `franchiseIds` (issue 8): on GET/HEAD every signed-in user may read them,
   * by their id only. They are never the caller's franchise: see homeFranchiseId / ownFranchiseIds.
   */
  demoFranchiseIds?: string[]
  /** Their stores (added to a store owner's `storeIds`). */
  demoStoreIds?: string[]
  /** Staff (admin roles): every franchise and store; the routes' access lists decide where they enter. */
  everyFranchise?: boolean
}

/**
 * Every franchise, declared: the work the product does by itself (jobs) and staff's own panels. Its
 * statements still name their franchise column (`franchise_id is not null`), so that a cross-franchise
 * statement is one someone chose to write, and row-level security still applies to the actor.
 */
export const SYSTEM_SCOPE: Scope = { franchiseIds: [], storeIds: null, everyFranchise: true }

/** The request-scoped tenant context: who calls, as what, and the scope it reaches. */
export type Tenant = Scope & {
  userId: string
  role: Role | null
  /** member: owner or store owner of its franchises; staff: an admin role. */
  kind: 'member' | 'staff'
  /** The admin behind an impostor token, when an admin acts as this user. */
  actingAs: string | null
}

export function tenantOf(
  user: { id: string },
  role: Role | null,
  impostorOf: string | null,
  scope: Scope,
): Tenant {
  const staff = isAdminRole(role)
  return {
    ...scope,
    ...(staff ? { everyFranchise: true } : {}),
    userId: user.id,
    role,
    kind: staff ? 'staff' : 'member',
    actingAs: impostorOf,
  }
}

/**
 * What the database's row-level security lets the caller reach (db/tenant-context.ts): staff every
 * franchise, a member the franchises of its scope (the demo ones on reads).
 */
export function dbActorOf(tenant: Tenant): DbActor {
  return tenant.kind === 'staff'
    ? { kind: 'staff' }
    : { kind: 'tenant', userId: tenant.userId, franchiseIds: tenant.franchiseIds }
}

/** The demo franchises and their stores, read with the token (tokens.ts). */
export type DemoIds = { franchiseIds: string[]; storeIds: string[] }

/**
 * The scope from what the token lookup read: franchise owners own, store owners are linked. `demo`
 * (given for reads only) adds the demo franchises after the caller's own, and their stores to a store
 * owner's list; a write never gets them, so it meets a demo id with a 404 like any foreign id.
 */
export function scopeFrom(
  role: string | null,
  owned: string[],
  links: { storeId: string; franchiseId: string }[],
  demo?: DemoIds,
): Scope {
  const base: Scope =
    role === 'STORE_OWNER'
      ? { franchiseIds: [...new Set(links.map((l) => l.franchiseId))], storeIds: links.map((l) => l.storeId) }
      : { franchiseIds: owned, storeIds: null }
  const extra = (demo?.franchiseIds ?? []).filter((id) => !base.franchiseIds.includes(id))
  if (!extra.length) return base
  return {
    franchiseIds: [...base.franchiseIds, ...extra],
    storeIds: base.storeIds === null ? null : [...base.storeIds, ...demo!.storeIds],
    demoFranchiseIds: extra,
    demoStoreIds: demo!.storeIds,
  }
}

/**
 * The stores of one franchise the caller may see, for a list filter: null for all of them (staff, a
 * franchise owner, or any reader of a demo franchise), else the store owner's own (without the demo
 * stores, so that a one-store owner keeps its one-store count).
 */
export function storeIdsFor(scope: Scope, franchiseId: string): string[] | null {
  if (scope.everyFranchise || scope.storeIds === null || scope.demoFranchiseIds?.includes(franchiseId))
    return null
  const demo = scope.demoStoreIds ?? []
  return demo.length ? scope.storeIds.filter((id) => !demo.includes(id)) : scope.storeIds
}

/** The franchises the caller works in: its scope without the demo franchises it may only read. */
export function ownFranchiseIds(scope: Scope): string[] {
  const demo = scope.demoFranchiseIds ?? []
  return demo.length ? scope.franchiseIds.filter((id) => !demo.includes(id)) : scope.franchiseIds
}

/** The caller's franchise when a request names none: its first own one, never a demo franchise. */
export function homeFranchiseId(scope: Scope): string | undefined {
  return ownFranchiseIds(scope)[0]
}

export function reachesFranchise(scope: Scope, franchiseId: string): boolean {
  return !!scope.everyFranchise || scope.franchiseIds.includes(franchiseId)
}

/** The clients of one franchise the caller reaches (domain/access.ts decides what each may do). */
export function reachOf(scope: Scope, franchiseId: string): ClientReach {
  const storeIds = storeIdsFor(scope, franchiseId)
  return storeIds === null ? { kind: 'franchise' } : { kind: 'stores', storeIds }
}

/** A tenant table's scope columns: the row's franchise, and its store when the row belongs to one. */
export type TenantCols = { franchiseId: AnyPgColumn; storeId?: AnyPgColumn }

/**
 * The condition every tenant query and write carries: the row's franchise (and, for a store owner,
 * its store when the table has one) within the caller's scope. Staff reach every franchise, said as
 * `franchise_id is not null` rather than `true` so that every scoped statement names its franchise
 * column (tests/server/tenant-boundary.test.ts checks the statements for it).
 */
export function inScope(scope: Scope, cols: TenantCols): SQL {
  if (scope.everyFranchise) return isNotNull(cols.franchiseId)
  if (!scope.franchiseIds.length) return nothing(cols.franchiseId)
  const franchise = inArray(cols.franchiseId, scope.franchiseIds)
  if (scope.storeIds === null || !cols.storeId) return franchise
  return scope.storeIds.length
    ? and(franchise, inArray(cols.storeId, scope.storeIds))!
    : nothing(cols.storeId)
}

/** A scope that reaches nothing: false, still naming the scope column. */
const nothing = (col: AnyPgColumn) => sql`(false and ${col} is null)`

/** The clients the caller reaches: its franchises, and for a store owner a link to one of its stores. */
export function clientInScope(scope: Scope): SQL {
  const franchise = inScope(scope, { franchiseId: clients.franchiseId })
  if (scope.storeIds === null || scope.everyFranchise) return franchise
  if (!scope.storeIds.length) return nothing(clients.franchiseId)
  return and(
    franchise,
    sql`exists (select 1 from ${clientStores} where ${clientStores.clientId} = ${clients.id} and ${inArray(clientStores.storeId, scope.storeIds)})`,
  )!
}

/** One tenant row by id within the caller's scope: what a read by id or a write keys on, never `id` alone. */
export function scopedId(scope: Scope, cols: TenantCols & { id: AnyPgColumn }, id: string): SQL {
  return and(eq(cols.id, id), inScope(scope, cols))!
}

/** The scope columns of the tenant tables that are not plain `franchise_id` + `store_id` tables. */
export const FRANCHISE_COLS = { id: franchises.id, franchiseId: franchises.id }
export const STORE_COLS = { id: stores.id, franchiseId: stores.franchiseId, storeId: stores.id }

/** A franchise id from a request: another tenant's id is a 404, as if it did not exist. */
export function assertFranchise(scope: Scope, franchiseId: string): void {
  if (!reachesFranchise(scope, franchiseId)) throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
}

/** A franchise the caller reaches, read whole; another tenant's is a 404. */
export async function scopedFranchise(db: Db | Tx, scope: Scope, franchiseId: string) {
  const [f] = await db
    .select()
    .from(franchises)
    .where(scopedId(scope, FRANCHISE_COLS, franchiseId))
  if (!f) throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
  return f
}

/** A store id from a request must be a store of the franchise the caller may act on. */
export async function assertStore(db: Db | Tx, scope: Scope, storeId: string, franchiseId?: string) {
  const [store] = await db
    .select()
    .from(stores)
    .where(scopedId(scope, STORE_COLS, storeId))
  if (!store || (franchiseId && store.franchiseId !== franchiseId))
    throw notFound('STORE_NOT_FOUND', 'Store not found')
  return store
}

// The store-level rows (campaigns, news, games) name their stores. A franchise owner and staff reach
// them all (`mine` null); a store owner (`mine`: storeIdsFor) reaches them by the stores they name.

/**
 * The campaigns the caller reaches: its franchises'; a store owner only those whose stores are all
 * its own (a franchise-wide campaign is the franchise owner's).
 */
export function campaignInScope(scope: Scope): SQL {
  const franchise = inScope(scope, { franchiseId: campaigns.franchiseId })
  if (scope.storeIds === null || scope.everyFranchise) return franchise
  const named = sql`coalesce(${campaigns.filters} -> 'storeIds', '[]'::jsonb)`
  return and(
    franchise,
    sql`jsonb_array_length(${named}) > 0 and ${named} <@ ${JSON.stringify(scope.storeIds)}::jsonb`,
  )!
}

/** A store owner sees the franchise-wide news items and those naming one of its stores. */
export function newsVisibleTo(mine: string[] | null): SQL | undefined {
  if (mine === null) return undefined
  return or(
    sql`cardinality(${news.storeIds}) = 0`,
    mine.length ? arrayOverlaps(news.storeIds, mine) : sql`false`,
  )
}
export const seesNews = (storeIds: string[], mine: string[] | null) =>
  mine === null || storeIds.length === 0 || storeIds.some((s) => mine.includes(s))
/** A store owner changes only the items naming its stores alone. */
export const changesNews = (storeIds: string[], mine: string[] | null) =>
  mine === null || (storeIds.length > 0 && storeIds.every((s) => mine.includes(s)))

/** A store owner sees the games that name one of its stores. */
export function gameVisibleTo(mine: string[] | null): SQL | undefined {
  if (mine === null) return undefined
  if (!mine.length) return sql`false`
  return sql`exists (select 1 from ${gameStores} where ${gameStores.gameId} = ${games.id} and ${inArray(gameStores.storeId, mine)})`
}
/** A game at `storeIds`: a store owner reads it at one of its stores, changes it when all are its own. */
export const reachesGame = (storeIds: string[], mine: string[] | null, forWrite: boolean) =>
  mine === null ||
  (forWrite ? storeIds.every((s) => mine.includes(s)) : storeIds.some((s) => mine.includes(s)))
