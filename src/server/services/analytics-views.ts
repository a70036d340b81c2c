// What the analytics routes call (issue 36 §4: a route calls one service): each resolves what the caller
// may see — the path's franchise with the query's store filter, or the path's store — then reads the
// figure from analytics.ts.
import type { Db } from '../db/client'
import { notFound } from '../errors'
import * as analytics from './analytics'
import { franchiseTarget, storeTarget, type Target } from './analytics'
import { homeFranchiseId, type Scope } from './scope'

type Figure<Q, R> = (db: Db, t: Target, q: Q) => Promise<R>

/** A figure of the path's franchise, for the query's store if it names one (checked against the caller). */
const ofFranchise =
  <Q, R>(read: Figure<Q, R>) =>
  async (db: Db, scope: Scope, franchiseId: string, q: Q & { storeId?: string }): Promise<R> =>
    read(db, await franchiseTarget(db, scope, franchiseId, q.storeId), q)

export const franchiseHistoryDays = ofFranchise(analytics.historyDays)
export const franchiseHistoryYears = ofFranchise(analytics.historyYears)
export const franchiseRoi = ofFranchise(analytics.roi)
// Its `now` stays the default: only the query is passed on.
export const franchiseLoyaltyGraph = ofFranchise(analytics.loyaltyGraph)
export const franchiseOffersRedeemed = ofFranchise(analytics.offersRedeemed)
export const franchiseCouponsRedeemed = ofFranchise(analytics.couponsRedeemed)
export const franchiseConversionRate = ofFranchise(analytics.conversionRate)
export const franchiseAverageBasket = ofFranchise(analytics.averageBasket)

export async function franchiseClientsCount(db: Db, scope: Scope, franchiseId: string, storeId?: string) {
  return analytics.clientsCount(db, await franchiseTarget(db, scope, franchiseId, storeId))
}

/** The spec's legacy path names no franchise: the caller's own, or the one asked for. */
export async function callerTopPostcodes(
  db: Db,
  scope: Scope,
  q: { franchiseId?: string; storeId?: string; limitRank: number },
) {
  const franchiseId = q.franchiseId ?? homeFranchiseId(scope)
  if (!franchiseId) throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
  return analytics.topPostcodes(db, await franchiseTarget(db, scope, franchiseId, q.storeId), q.limitRank)
}

export async function storeFrequency(
  db: Db,
  scope: Scope,
  storeId: string,
  q: { startDate?: string; endDate?: string },
) {
  return analytics.frequency(db, await storeTarget(db, scope, storeId), q)
}

export async function storeReturns(db: Db, scope: Scope, storeId: string) {
  return analytics.returns(db, await storeTarget(db, scope, storeId))
}
