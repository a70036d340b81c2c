// Tenant scope: which franchises and stores a user may act on. Franchise owners own franchises;
// store owners are linked to stores.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { franchises, storeOwners } from '../db/schema'

export async function franchiseIdsOf(db: Db, userId: string): Promise<string[]> {
  const owned = await db.select({ id: franchises.id }).from(franchises).where(eq(franchises.userId, userId))
  const linked = await db
    .selectDistinct({ id: storeOwners.franchiseId })
    .from(storeOwners)
    .where(eq(storeOwners.userId, userId))
  return [...new Set([...owned, ...linked].map((r) => r.id))]
}
