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
}

/** The scope from what the token lookup read: franchise owners own, store owners are linked. */
export function scopeFrom(
  role: string | null,
  owned: string[],
  links: { storeId: string; franchiseId: string }[],
): Scope {
  if (role === 'STORE_OWNER')
    return {
      franchiseIds: [...new Set(links.map((l) => l.franchiseId))],
      storeIds: links.map((l) => l.storeId),
    }
  return { franchiseIds: owned, storeIds: null }
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
