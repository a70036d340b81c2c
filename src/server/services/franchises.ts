// Franchises and stores a merchant may act on (read side used by the shell; editors come later).
import { and, eq, inArray } from 'drizzle-orm'
import type { FranchiseSummary, StoreSummary } from '../../domain/franchise'
import type { Db } from '../db/client'
import { franchiseFeatures, franchises, storeClientCounts, storeOwners, stores } from '../db/schema'
import { franchiseIdsOf } from './scope'

export async function ownedFranchises(db: Db, userId: string): Promise<FranchiseSummary[]> {
  const ids = await franchiseIdsOf(db, userId)
  if (!ids.length) return []
  const rows = await db.select().from(franchises).where(inArray(franchises.id, ids)).orderBy(franchises.name)
  const features = await db
    .select()
    .from(franchiseFeatures)
    .where(and(inArray(franchiseFeatures.franchiseId, ids), eq(franchiseFeatures.isEnabled, true)))
  return rows.map((f) => ({
    id: f.id,
    name: f.name,
    logo: f.logo,
    codeAlpha3: f.codeAlpha3,
    currencyCode: f.currencyCode,
    timezone: f.timezone,
    loyaltyType: f.loyaltyType,
    features: features.filter((x) => x.franchiseId === f.id).map((x) => x.feature),
    theme: f.theme,
  }))
}

/** A franchise owner acts on every store of its franchises; a store owner only on its linked stores. */
export async function ownedStores(db: Db, userId: string, role: string | null): Promise<StoreSummary[]> {
  let rows: (typeof stores.$inferSelect)[]
  if (role === 'STORE_OWNER') {
    rows = await db
      .select({ s: stores })
      .from(stores)
      .innerJoin(storeOwners, eq(storeOwners.storeId, stores.id))
      .where(eq(storeOwners.userId, userId))
      .orderBy(stores.createdAt)
      .then((r) => r.map((x) => x.s))
  } else {
    const ids = (
      await db.select({ id: franchises.id }).from(franchises).where(eq(franchises.userId, userId))
    ).map((r) => r.id)
    rows = ids.length
      ? await db.select().from(stores).where(inArray(stores.franchiseId, ids)).orderBy(stores.createdAt)
      : []
  }
  const counts = rows.length
    ? await db
        .select()
        .from(storeClientCounts)
        .where(
          and(
            inArray(
              storeClientCounts.storeId,
              rows.map((s) => s.id),
            ),
            inArray(storeClientCounts.franchiseId, [...new Set(rows.map((s) => s.franchiseId))]),
          ),
        )
    : []
  return rows.map((s) => ({
    id: s.id,
    franchiseId: s.franchiseId,
    name: s.name,
    currencyCode: s.currencyCode,
    logo: s.logo,
    settings: { hasScannerEnabled: s.hasScannerEnabled, hasFullWebAppEnabled: s.hasFullWebAppEnabled },
    nbClients: counts.find((c) => c.storeId === s.id)?.n ?? 0,
    dateCreated: s.createdAt.toISOString(),
  }))
}
