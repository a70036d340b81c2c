// SPEC §7 "Analytics" as seen from the browser (60 s time-out), each answer checked with its domain
// struct. Dates are the franchise's local days ('YYYY-MM-DD').
import {
  AverageBasket,
  type AverageBasket as AverageBasketT,
  ClientsCount,
  type ClientsCount as ClientsCountT,
  ConversionRate,
  type ConversionRate as ConversionRateT,
  CouponsRedeemed,
  type CouponsRedeemed as CouponsRedeemedT,
  Frequency,
  type Frequency as FrequencyT,
  HistoryDays,
  type HistoryDays as HistoryDaysT,
  HistoryYears,
  type HistoryYears as HistoryYearsT,
  LoyaltyGraph,
  type LoyaltyGraph as LoyaltyGraphT,
  OffersRedeemed,
  type OffersRedeemed as OffersRedeemedT,
  Returns,
  type Returns as ReturnsT,
  Roi,
  type Roi as RoiT,
  TopPostcodes,
  type TopPostcodes as TopPostcodesT,
} from '../domain/analytics'
import { call } from './client'

export const ANALYTICS_TIMEOUT = 60_000

/** Filters every franchise call takes; absent values are left out of the query. */
export type AnalyticsFilter = { storeId?: string | null; startDate?: string; endDate?: string }

const query = (q: Record<string, string | number | null | undefined>) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== ''))
const get = <T>(
  path: string,
  q: Record<string, string | number | null | undefined>,
  shape: unknown,
  signal?: AbortSignal,
) =>
  call<T>(
    path,
    { query: query(q), timeout: ANALYTICS_TIMEOUT, early: true, ...(signal ? { signal } : {}) },
    shape as Parameters<typeof call<T>>[2],
  )
const base = (fid: string) => `/api/v2/analytics/franchises/${fid}`

export const analyticsApi = {
  historyDays: (fid: string, f: AnalyticsFilter, events: string[], signal?: AbortSignal) =>
    get<HistoryDaysT>(`${base(fid)}/history/days`, { ...f, events: events.join(',') }, HistoryDays, signal),
  historyYears: (fid: string, f: AnalyticsFilter, events: string[], signal?: AbortSignal) =>
    get<HistoryYearsT>(
      `${base(fid)}/history/years`,
      { storeId: f.storeId, events: events.join(',') },
      HistoryYears,
      signal,
    ),
  clientsCount: (fid: string, f: AnalyticsFilter, signal?: AbortSignal) =>
    get<ClientsCountT>(`${base(fid)}/clients/count`, { storeId: f.storeId }, ClientsCount, signal),
  topPostcodes: (fid: string, f: AnalyticsFilter, limitRank: number, signal?: AbortSignal) =>
    get<TopPostcodesT>(
      '/api/Analytics/topPostCode',
      { franchiseId: fid, storeId: f.storeId, limitRank },
      TopPostcodes,
      signal,
    ),
  frequency: (storeId: string, f: AnalyticsFilter, signal?: AbortSignal) =>
    get<FrequencyT>(
      `/api/v2/stores/${storeId}/analytics/frequency`,
      { startDate: f.startDate, endDate: f.endDate },
      Frequency,
      signal,
    ),
  returns: (storeId: string, signal?: AbortSignal) =>
    get<ReturnsT>(`/api/v2/stores/${storeId}/analytics/returns`, {}, Returns, signal),
  roi: (fid: string, f: AnalyticsFilter, signal?: AbortSignal) =>
    get<RoiT>(`/api/v2/franchises/${fid}/roi`, { ...f }, Roi, signal),
  loyaltyGraph: (fid: string, f: AnalyticsFilter & { userId?: string }, signal?: AbortSignal) =>
    get<LoyaltyGraphT>(`/api/v2/franchises/${fid}/analytics/loyalty-graph`, { ...f }, LoyaltyGraph, signal),
  offersRedeemed: (fid: string, f: AnalyticsFilter, signal?: AbortSignal) =>
    get<OffersRedeemedT>(`${base(fid)}/loyalty-offers/redeemed`, { ...f }, OffersRedeemed, signal),
  couponsRedeemed: (
    fid: string,
    f: AnalyticsFilter & { page?: number; size?: number },
    signal?: AbortSignal,
  ) => get<CouponsRedeemedT>(`${base(fid)}/coupons/redeemed`, { ...f }, CouponsRedeemed, signal),
  conversionRate: (fid: string, f: AnalyticsFilter, signal?: AbortSignal) =>
    get<ConversionRateT>(`${base(fid)}/users/conversion-rate`, { ...f }, ConversionRate, signal),
  averageBasket: (fid: string, f: AnalyticsFilter, signal?: AbortSignal) =>
    get<AverageBasketT>(`${base(fid)}/average-basket`, { ...f }, AverageBasket, signal),
}
