// SPEC §7 "Analytics" (issue 8): the domain schemas validate the input, the routes resolve what the
// caller may see (its franchise, and a store owner's stores) and call the analytics service. Every
// figure is read from the rollups; see src/domain/analytics.ts for what each one means.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  AverageBasket,
  ClientsCount,
  ConversionRate,
  CouponsRedeemed,
  CouponsRedeemedQuery,
  Frequency,
  HistoryDays,
  HistoryQuery,
  HistoryYears,
  LoyaltyGraph,
  LoyaltyGraphQuery,
  OffersRedeemed,
  PeriodQuery,
  Returns,
  Roi,
  StoreQuery,
  TopPostcodeQuery,
  TopPostcodes,
} from '../../domain/analytics'
import { IdParams } from '../../domain/ids'
import { notFound } from '../errors'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
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

export default async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const db = () => app.database.db
  const owner = allow('owner')
  const base = '/api/v2/analytics/franchises/:id'

  /** The franchise of the path and the store filter of the query, checked against the caller. */
  const target = (request: FastifyRequest, id: string, storeId?: string) =>
    franchiseTarget(db(), request.tenant!, id, storeId)

  app.get(
    `${base}/history/days`,
    { ...owner, schema: { params: IdParams, querystring: HistoryQuery, response: { 200: HistoryDays } } },
    async (request) => {
      const q = request.query
      return historyDays(db(), await target(request, request.params.id, q.storeId), q)
    },
  )

  app.get(
    `${base}/history/years`,
    { ...owner, schema: { params: IdParams, querystring: HistoryQuery, response: { 200: HistoryYears } } },
    async (request) => {
      const q = request.query
      return historyYears(db(), await target(request, request.params.id, q.storeId), q)
    },
  )

  app.get(
    `${base}/clients/count`,
    { ...owner, schema: { params: IdParams, querystring: StoreQuery, response: { 200: ClientsCount } } },
    async (request) => clientsCount(db(), await target(request, request.params.id, request.query.storeId)),
  )

  // No franchise in the path (the spec's legacy path): the caller's franchise, or the one asked for.
  app.get(
    '/api/Analytics/topPostCode',
    { ...owner, schema: { querystring: TopPostcodeQuery, response: { 200: TopPostcodes } } },
    async (request) => {
      const q = request.query
      const scope = request.tenant!
      const franchiseId = q.franchiseId ?? homeFranchiseId(scope)
      if (!franchiseId) throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
      return topPostcodes(db(), await franchiseTarget(db(), scope, franchiseId, q.storeId), q.limitRank)
    },
  )

  app.get(
    '/api/v2/stores/:id/analytics/frequency',
    { ...owner, schema: { params: IdParams, querystring: PeriodQuery, response: { 200: Frequency } } },
    async (request) =>
      frequency(db(), await storeTarget(db(), request.tenant!, request.params.id), request.query),
  )

  app.get(
    '/api/v2/stores/:id/analytics/returns',
    { ...owner, schema: { params: IdParams, response: { 200: Returns } } },
    async (request) => returns(db(), await storeTarget(db(), request.tenant!, request.params.id)),
  )

  app.get(
    '/api/v2/franchises/:id/roi',
    { ...owner, schema: { params: IdParams, querystring: PeriodQuery, response: { 200: Roi } } },
    async (request) => {
      const q = request.query
      return roi(db(), await target(request, request.params.id, q.storeId), q)
    },
  )

  app.get(
    '/api/v2/franchises/:id/analytics/loyalty-graph',
    {
      ...owner,
      schema: { params: IdParams, querystring: LoyaltyGraphQuery, response: { 200: LoyaltyGraph } },
    },
    async (request) => {
      const q = request.query
      return loyaltyGraph(db(), await target(request, request.params.id, q.storeId), q)
    },
  )

  app.get(
    `${base}/loyalty-offers/redeemed`,
    { ...owner, schema: { params: IdParams, querystring: PeriodQuery, response: { 200: OffersRedeemed } } },
    async (request) => {
      const q = request.query
      return offersRedeemed(db(), await target(request, request.params.id, q.storeId), q)
    },
  )

  app.get(
    `${base}/coupons/redeemed`,
    {
      ...owner,
      schema: { params: IdParams, querystring: CouponsRedeemedQuery, response: { 200: CouponsRedeemed } },
    },
    async (request) => {
      const q = request.query
      return couponsRedeemed(db(), await target(request, request.params.id, q.storeId), q)
    },
  )

  app.get(
    `${base}/users/conversion-rate`,
    { ...owner, schema: { params: IdParams, querystring: PeriodQuery, response: { 200: ConversionRate } } },
    async (request) => {
      const q = request.query
      return conversionRate(db(), await target(request, request.params.id, q.storeId), q)
    },
  )

  app.get(
    `${base}/average-basket`,
    { ...owner, schema: { params: IdParams, querystring: PeriodQuery, response: { 200: AverageBasket } } },
    async (request) => {
      const q = request.query
      return averageBasket(db(), await target(request, request.params.id, q.storeId), q)
    },
  )
}
