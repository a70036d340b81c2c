// GET /api/v2/onboarding (issue 34 item 4): which of a new merchant's first steps its franchise has
// done, read from its data each time, so that the checklist is ticked by what really happened.
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { OnboardingQuery, OnboardingStatus } from '../../domain/onboarding'
import type { Db } from '../db/client'
import { loyaltyModels, pointsTransactions, stores, tagInjections, tags } from '../db/schema'
import { notFound } from '../errors'
import { inScope, ownFranchiseIds, STORE_COLS, type Tenant } from './scope'

/** Ledger moves that are a sale at the counter: a sale recorded or collected on a tag, a till's sale. */
const SALE_MOVES = ['tag', 'sync']

const NOTHING_YET: OnboardingStatus = {
  franchiseId: null,
  steps: { store: false, card: false, poster: false, sale: false },
  posterStoreId: null,
}

export async function onboardingStatus(
  db: Db,
  tenant: Tenant,
  q: OnboardingQuery,
): Promise<OnboardingStatus> {
  // The caller's own franchises only: a demo franchise it may read is not its onboarding.
  const own = ownFranchiseIds(tenant)
  if (q.franchiseId && !own.includes(q.franchiseId))
    throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
  const franchiseId = q.franchiseId ?? own[0]
  // A merchant who signed up alone has no franchise until its first store: nothing is done yet.
  if (!franchiseId) return NOTHING_YET

  const exists = async (query: Promise<unknown[]>) => (await query).length > 0
  const [store, card, tag, injected, sold] = await Promise.all([
    exists(
      db
        .select({ id: stores.id })
        .from(stores)
        .where(and(eq(stores.franchiseId, franchiseId), inScope(tenant, STORE_COLS)))
        .limit(1),
    ),
    exists(
      db
        .select({ id: loyaltyModels.id })
        .from(loyaltyModels)
        .where(and(eq(loyaltyModels.franchiseId, franchiseId), inScope(tenant, loyaltyModels)))
        .limit(1),
    ),
    db
      .select({ storeId: tags.storeId })
      .from(tags)
      .where(and(eq(tags.franchiseId, franchiseId), inScope(tenant, tags)))
      .orderBy(asc(tags.createdAt), asc(tags.id))
      .limit(1),
    exists(
      db
        .select({ id: tagInjections.id })
        .from(tagInjections)
        .where(and(eq(tagInjections.franchiseId, franchiseId), inScope(tenant, tagInjections)))
        .limit(1),
    ),
    exists(
      db
        .select({ id: pointsTransactions.id })
        .from(pointsTransactions)
        .where(
          and(
            eq(pointsTransactions.franchiseId, franchiseId),
            inScope(tenant, pointsTransactions),
            inArray(pointsTransactions.type, SALE_MOVES),
          ),
        )
        .limit(1),
    ),
  ])
  return {
    franchiseId,
    steps: { store, card, poster: tag.length > 0, sale: injected || sold },
    posterStoreId: tag[0]?.storeId ?? null,
  }
}
