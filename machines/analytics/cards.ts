// The dashboard's cards: which call feeds each, what its data looks like and when it is empty. Pure,
// shared by the machine, its view and the tests.
import type {
  AverageBasket,
  ClientsCount,
  ConversionRate,
  CouponsRedeemed,
  Frequency,
  HistoryDays,
  HistoryYears,
  LoyaltyGraph,
  OffersRedeemed,
  Returns,
  Roi,
  TopPostcodes,
} from '../../src/domain/analytics'

export const ANALYTICS_CARDS = [
  'visitsDays',
  'visitsMonths',
  'clients',
  'frequency',
  'returns',
  'loyalty',
  'postcodes',
  'redemptions',
  'conversion',
  'basket',
  'roi',
] as const
export type CardId = (typeof ANALYTICS_CARDS)[number]

export type CardData = {
  visitsDays: HistoryDays
  visitsMonths: HistoryYears
  clients: { count: ClientsCount; days: HistoryDays }
  frequency: Frequency
  returns: Returns
  loyalty: LoyaltyGraph
  postcodes: TopPostcodes
  redemptions: { offers: OffersRedeemed; coupons: CouponsRedeemed }
  conversion: ConversionRate
  basket: AverageBasket
  roi: Roi
}

/** The actor that loads each card: one per card, so each invoke's id is its actor's name. */
export const CARD_ACTORS = {
  visitsDays: 'loadVisitsDays',
  visitsMonths: 'loadVisitsMonths',
  clients: 'loadClients',
  frequency: 'loadFrequency',
  returns: 'loadReturns',
  loyalty: 'loadLoyalty',
  postcodes: 'loadPostcodes',
  redemptions: 'loadRedemptions',
  conversion: 'loadConversion',
  basket: 'loadBasket',
  roi: 'loadRoi',
} as const satisfies Record<CardId, string>

/** Cards whose call is a store's (frequency and returns): without a chosen store they ask for one. */
export const STORE_CARDS: readonly CardId[] = ['frequency', 'returns']

/** The cards of each screen: the dashboard has them all; the demo pages their part of them. */
export const SCREEN_CARDS = {
  analytics: ANALYTICS_CARDS,
  loyalty: ['loyalty', 'redemptions', 'roi', 'conversion'],
  clients: ['clients', 'postcodes', 'frequency', 'returns', 'basket'],
} as const satisfies Record<string, readonly CardId[]>
export type Screen = keyof typeof SCREEN_CARDS

/** What every card call gets: the franchise, the store filter and the period's days. */
export type CardInput = { franchiseId: string; storeId: string | null; startDate: string; endDate: string }

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)

/** A card with nothing to show yet (a new franchise): it says so instead of an empty chart. */
export function isEmptyCard<C extends CardId>(card: C, data: CardData[C]): boolean {
  switch (card) {
    case 'visitsDays':
      return sum((data as HistoryDays).days.map((d) => d.visits ?? 0)) === 0
    case 'visitsMonths':
      return sum((data as HistoryYears).months.map((d) => d.visits ?? 0)) === 0
    case 'clients': {
      const c = data as CardData['clients']
      return (
        c.count.count === 0 &&
        sum(c.days.days.map((d) => (d.newClients ?? 0) + (d.returningClients ?? 0))) === 0
      )
    }
    case 'frequency':
      return (data as Frequency).visits === 0
    case 'returns':
      return (data as Returns).periods.every((p) => p.visitors === 0)
    case 'loyalty':
      return (data as LoyaltyGraph).months.every((m) => m.pointsEarned === 0 && m.pointsSpent === 0)
    case 'postcodes':
      return (data as TopPostcodes).data.length === 0
    case 'redemptions': {
      const r = data as CardData['redemptions']
      return r.offers.total === 0 && r.coupons.metadata.total === 0
    }
    case 'conversion':
      return (data as ConversionRate).visitors === 0
    case 'basket':
      return (data as AverageBasket).salesCount === 0
    default:
      return (
        (data as Roi).salesCents === 0 &&
        (data as Roi).offersRedeemed === 0 &&
        (data as Roi).couponsRedeemed === 0
      )
  }
}
