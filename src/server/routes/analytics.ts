// SPEC §7 "Analytics" (issue 8): parse with the domain schemas, resolve what the caller may see
// (its franchise, and a store owner's stores), call the analytics service. Every figure is read
// from the rollups; see src/domain/analytics.ts for what each one means.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { object } from 'superstruct'
import {
  CouponsRedeemedQuery,
  HistoryQuery,
  LoyaltyGraphQuery,
  PeriodQuery,
  StoreQuery,
  TopPostcodeQuery,
} from '../../domain/analytics'
import { Id } from '../../domain/ids'
import { notFound, parse } from '../errors'
import { allow } from '../plugins/route-contract'
import {
  averageBasket,
  clientsCount,
  conversionRate,
  couponsRedeemed,
  franchiseTarget,
  frequency,
  historyDays,
  historyYears,
  loyaltyGraph,
  offersRedeemed,
  returns,
  roi,
  storeTarget,
  topPostcodes,
} from '../services/analytics'
import { homeFranchiseId } from '../services/scope'

export default async function analyticsRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const owner = allow('owner')
  const idOf = (value: unknown) => parse(object({ id: Id }), value, 'params').id
  const base = '/api/v2/analytics/franchises/:id'

  /** The franchise of the path and the store filter of the query, checked against the caller. */
  const target = (request: FastifyRequest, storeId?: string) =>
    franchiseTarget(db(), request.principal!.scope, idOf(request.params), storeId)

  app.get(`${base}/history/days`, owner, async (request) => {
    const q = parse(HistoryQuery, request.query ?? {}, 'query')
    return historyDays(db(), await target(request, q.storeId), q)
  })

  app.get(`${base}/history/years`, owner, async (request) => {
    const q = parse(HistoryQuery, request.query ?? {}, 'query')
    return historyYears(db(), await target(request, q.storeId), q)
  })

  app.get(`${base}/clients/count`, owner, async (request) => {
    const q = parse(StoreQuery, request.query ?? {}, 'query')
    return clientsCount(db(), await target(request, q.storeId))
  })

  // No franchise in the path (the spec's legacy path): the caller's franchise, or the one asked for.
  app.get('/api/Analytics/topPostCode', owner, async (request) => {
    const q = parse(TopPostcodeQuery, request.query ?? {}, 'query')
    const scope = request.principal!.scope
    const franchiseId = q.franchiseId ?? homeFranchiseId(scope)
    if (!franchiseId) throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
    return topPostcodes(db(), await franchiseTarget(db(), scope, franchiseId, q.storeId), q.limitRank)
  })

  app.get('/api/v2/stores/:id/analytics/frequency', owner, async (request) => {
    const q = parse(PeriodQuery, request.query ?? {}, 'query')
    return frequency(db(), await storeTarget(db(), request.principal!.scope, idOf(request.params)), q)
  })

  app.get('/api/v2/stores/:id/analytics/returns', owner, async (request) =>
    returns(db(), await storeTarget(db(), request.principal!.scope, idOf(request.params))),
  )

  app.get('/api/v2/franchises/:id/roi', owner, async (request) => {
    const q = parse(PeriodQuery, request.query ?? {}, 'query')
    return roi(db(), await target(request, q.storeId), q)
  })

  app.get('/api/v2/franchises/:id/analytics/loyalty-graph', owner, async (request) => {
    const q = parse(LoyaltyGraphQuery, request.query ?? {}, 'query')
    return loyaltyGraph(db(), await target(request, q.storeId), q)
  })

  app.get(`${base}/loyalty-offers/redeemed`, owner, async (request) => {
    const q = parse(PeriodQuery, request.query ?? {}, 'query')
    return offersRedeemed(db(), await target(request, q.storeId), q)
  })

  app.get(`${base}/coupons/redeemed`, owner, async (request) => {
    const q = parse(CouponsRedeemedQuery, request.query ?? {}, 'query')
    return couponsRedeemed(db(), await target(request, q.storeId), q)
  })

  app.get(`${base}/users/conversion-rate`, owner, async (request) => {
    const q = parse(PeriodQuery, request.query ?? {}, 'query')
    return conversionRate(db(), await target(request, q.storeId), q)
  })

  app.get(`${base}/average-basket`, owner, async (request) => {
    const q = parse(PeriodQuery, request.query ?? {}, 'query')
    return averageBasket(db(), await target(request, q.storeId), q)
  })
}
