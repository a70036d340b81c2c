// The demo franchise (issue 8): the one flagged is_demo, with its stores. It is owned by nobody and read
// through the ordinary routes by its id; this only tells the browser which id that is.
import { asc, eq } from 'drizzle-orm'
import { DEMO_NOT_FOUND, type DemoFranchise } from '../../domain/demo'
import type { Db } from '../db/client'
import { franchises, stores } from '../db/schema'
import { notFound } from '../errors'

export async function demoFranchise(db: Db): Promise<DemoFranchise> {
  const [f] = await db
    .select()
    .from(franchises)
    .where(eq(franchises.isDemo, true))
    .orderBy(asc(franchises.dateCreated), asc(franchises.id))
    .limit(1)
  if (!f) throw notFound(DEMO_NOT_FOUND, 'No demo franchise')
  const rows = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(eq(stores.franchiseId, f.id))
    .orderBy(asc(stores.createdAt), asc(stores.name))
  return {
    franchise: {
      id: f.id,
      name: f.name,
      currencyCode: f.currencyCode,
      timezone: f.timezone,
      loyaltyType: f.loyaltyType as DemoFranchise['franchise']['loyaltyType'],
    },
    stores: rows,
  }
}
