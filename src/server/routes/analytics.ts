// SPEC §7 "Analytics" (issue 8): the domain schemas validate the input and each route calls one service,
// which resolves what the caller may see (its franchise, and a store owner's stores) and reads the
// figure (services/analytics-views.ts). Every figure is read from the rollups; see src/domain/analytics.ts
// for what each one means.
import type { FastifyInstance } from 'fastify'
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
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import * as views from '../services/analytics-views'
import { boundRead } from '../services/bound'

export default async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const figures = boundRead(app, views)
  const owner = allow('owner')
  const base = '/api/v2/analytics/franchises/:id'

  app.get(
    `${base}/history/days`,
    { ...owner, schema: { params: IdParams, querystring: HistoryQuery, response: { 200: HistoryDays } } },
    async (request) => figures.franchiseHistoryDays(request.tenant!, request.params.id, request.query),
  )

  app.get(
    `${base}/history/years`,
    { ...owner, schema: { params: IdParams, querystring: HistoryQuery, response: { 200: HistoryYears } } },
    async (request) => figures.franchiseHistoryYears(request.tenant!, request.params.id, request.query),
  )

  app.get(
    `${base}/clients/count`,
    { ...owner, schema: { params: IdParams, querystring: StoreQuery, response: { 200: ClientsCount } } },
    async (request) =>
      figures.franchiseClientsCount(request.tenant!, request.params.id, request.query.storeId),
  )

  // No franchise in the path (the spec's legacy path): the caller's franchise, or the one asked for.
  app.get(
    '/api/Analytics/topPostCode',
    { ...owner, schema: { querystring: TopPostcodeQuery, response: { 200: TopPostcodes } } },
    async (request) => figures.callerTopPostcodes(request.tenant!, request.query),
  )

  app.get(
    '/api/v2/stores/:id/analytics/frequency',
    { ...owner, schema: { params: IdParams, querystring: PeriodQuery, response: { 200: Frequency } } },
    async (request) => figures.storeFrequency(request.tenant!, request.params.id, request.query),
  )

  app.get(
    '/api/v2/stores/:id/analytics/returns',
    { ...owner, schema: { params: IdParams, response: { 200: Returns } } },
    async (request) => figures.storeReturns(request.tenant!, request.params.id),
  )

  app.get(
    '/api/v2/franchises/:id/roi',
    { ...owner, schema: { params: IdParams, querystring: PeriodQuery, response: { 200: Roi } } },
    async (request) => figures.franchiseRoi(request.tenant!, request.params.id, request.query),
  )

  app.get(
    '/api/v2/franchises/:id/analytics/loyalty-graph',
    {
      ...owner,
      schema: { params: IdParams, querystring: LoyaltyGraphQuery, response: { 200: LoyaltyGraph } },
    },
    async (request) => figures.franchiseLoyaltyGraph(request.tenant!, request.params.id, request.query),
  )

  app.get(
    `${base}/loyalty-offers/redeemed`,
    { ...owner, schema: { params: IdParams, querystring: PeriodQuery, response: { 200: OffersRedeemed } } },
    async (request) => figures.franchiseOffersRedeemed(request.tenant!, request.params.id, request.query),
  )

  app.get(
    `${base}/coupons/redeemed`,
    {
      ...owner,
      schema: { params: IdParams, querystring: CouponsRedeemedQuery, response: { 200: CouponsRedeemed } },
    },
    async (request) => figures.franchiseCouponsRedeemed(request.tenant!, request.params.id, request.query),
  )

  app.get(
    `${base}/users/conversion-rate`,
    { ...owner, schema: { params: IdParams, querystring: PeriodQuery, response: { 200: ConversionRate } } },
    async (request) => figures.franchiseConversionRate(request.tenant!, request.params.id, request.query),
  )

  app.get(
    `${base}/average-basket`,
    { ...owner, schema: { params: IdParams, querystring: PeriodQuery, response: { 200: AverageBasket } } },
    async (request) => figures.franchiseAverageBasket(request.tenant!, request.params.id, request.query),
  )
}
