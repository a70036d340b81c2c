// The default actors of the analytics dashboard: one call (or two) per card through src/api,
// aborted through `signal` when a filter change re-enters the card.
import { fromPromise } from 'xstate'
import { analyticsApi } from '../../src/api/analytics'
import { TOP_POSTCODES_DEFAULT } from '../../src/domain/analytics'
import type { CardData, CardInput } from './cards'

const filter = (i: CardInput) => ({ storeId: i.storeId, startDate: i.startDate, endDate: i.endDate })
const card = <T>(load: (input: CardInput, signal: AbortSignal) => Promise<T>) =>
  fromPromise<T, CardInput>(({ input, signal }) => load(input, signal))

/** The store calls are only invoked with a store (the machine waits for one). */
const storeOf = (i: CardInput) => {
  if (!i.storeId) throw new Error('A store is required')
  return i.storeId
}

export const analyticsActors = {
  loadVisitsDays: card<CardData['visitsDays']>((i, s) =>
    analyticsApi.historyDays(i.franchiseId, filter(i), ['visits'], s),
  ),
  loadVisitsMonths: card<CardData['visitsMonths']>((i, s) =>
    analyticsApi.historyYears(i.franchiseId, filter(i), ['visits'], s),
  ),
  loadClients: card<CardData['clients']>(async (i, s) => {
    const [count, days] = await Promise.all([
      analyticsApi.clientsCount(i.franchiseId, filter(i), s),
      analyticsApi.historyDays(i.franchiseId, filter(i), ['newClients', 'returningClients'], s),
    ])
    return { count, days }
  }),
  loadFrequency: card<CardData['frequency']>((i, s) => analyticsApi.frequency(storeOf(i), filter(i), s)),
  loadReturns: card<CardData['returns']>((i, s) => analyticsApi.returns(storeOf(i), s)),
  // The loyalty graph keeps its own 12 months (§9), whatever the period filter.
  loadLoyalty: card<CardData['loyalty']>((i, s) =>
    analyticsApi.loyaltyGraph(i.franchiseId, { storeId: i.storeId }, s),
  ),
  loadPostcodes: card<CardData['postcodes']>((i, s) =>
    analyticsApi.topPostcodes(i.franchiseId, filter(i), TOP_POSTCODES_DEFAULT, s),
  ),
  loadRedemptions: card<CardData['redemptions']>(async (i, s) => {
    const [offers, coupons] = await Promise.all([
      analyticsApi.offersRedeemed(i.franchiseId, filter(i), s),
      analyticsApi.couponsRedeemed(i.franchiseId, { ...filter(i), page: 1, size: 5 }, s),
    ])
    return { offers, coupons }
  }),
  loadConversion: card<CardData['conversion']>((i, s) =>
    analyticsApi.conversionRate(i.franchiseId, filter(i), s),
  ),
  loadBasket: card<CardData['basket']>((i, s) => analyticsApi.averageBasket(i.franchiseId, filter(i), s)),
  loadRoi: card<CardData['roi']>((i, s) => analyticsApi.roi(i.franchiseId, filter(i), s)),
}
