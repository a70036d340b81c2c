// Tenant scope: which franchises and stores a user may act on. Franchise owners own franchises;
// store owners are linked to stores.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { franchises, storeOwners, stores } from '../db/schema'
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
 * The stores of one franchise the caller may see, for a list filter: null for all of them (a
 * franchise owner, or any reader of a demo franchise), else the store owner's own (without the demo
 * stores, so that a one-store owner keeps its one-store count).
 */
export function storeIdsFor(scope: Scope, franchiseId: string): string[] | null {
  if (scope.storeIds === null || scope.demoFranchiseIds?.includes(franchiseId)) return null
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

/** A franchise id from a request: another tenant's id is a 404, as if it did not exist. */
export function assertFranchise(scope: Scope, franchiseId: string): void {
  if (!scope.franchiseIds.includes(franchiseId)) throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
}

/** A store id from a request must be a store of the franchise the caller may act on. */
export async function assertStore(db: Db, scope: Scope, storeId: string, franchiseId?: string) {
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId))
  const allowed =
    store &&
    scope.franchiseIds.includes(store.franchiseId) &&
    (!franchiseId || store.franchiseId === franchiseId) &&
    (scope.storeIds === null || scope.storeIds.includes(store.id))
  if (!allowed) throw notFound('STORE_NOT_FOUND', 'Store not found')
  return store
}
