// Analytics answers for machine, UI and story fixtures: a busy month of Maison Dupont, and the
// answers of a franchise that has just started (every card empty).
import type { CardData } from '../../machines/analytics/cards'
import { addDays } from '../../src/domain/analytics'

export const FID = '11111111-1111-4111-8111-111111111111'
export const STORES = [
  { id: '22222222-2222-4222-8222-222222222221', name: 'Maison Dupont — Paris' },
  { id: '22222222-2222-4222-8222-222222222222', name: 'Maison Dupont — Lyon' },
]
const START = '2026-03-02'
const END = '2026-03-31'
const DAYS = Array.from({ length: 30 }, (_, i) => addDays(START, i))
const MONTHS = [
  '2025-01',
  '2025-02',
  '2025-03',
  '2025-04',
  '2025-05',
  '2025-06',
  '2025-07',
  '2025-08',
  '2025-09',
  '2025-10',
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
]

/** The figures scale with `k` (a filter change shows other numbers). */
export function cardFixtures(k = 1): CardData {
  return {
    visitsDays: {
      startDate: START,
      endDate: END,
      events: ['visits'],
      days: DAYS.map((day, i) => ({ day, visits: k * (20 + ((i * 7) % 13)) })),
    },
    visitsMonths: {
      events: ['visits'],
      months: MONTHS.map((month, i) => ({ month, visits: k * (400 + i * 25) })),
    },
    clients: {
      count: { count: k * 2000 },
      days: {
        startDate: START,
        endDate: END,
        events: ['newClients', 'returningClients'],
        days: DAYS.map((day, i) => ({
          day,
          newClients: k * (3 + (i % 4)),
          returningClients: k * (15 + (i % 6)),
        })),
      },
    },
    frequency: {
      startDate: START,
      endDate: END,
      visits: k * 640,
      visitors: k * 600,
      byWeekday: [80, 95, 90, 100, 120, 140, 15].map((n) => n * k),
    },
    returns: {
      periods: [
        { days: 30, visitors: k * 600, newClients: k * 120, returningClients: k * 480, returnRate: 0.8 },
        {
          days: 90,
          visitors: k * 1800,
          newClients: k * 400,
          returningClients: k * 1400,
          returnRate: 1400 / 1800,
        },
        {
          days: 365,
          visitors: k * 7000,
          newClients: k * 1500,
          returningClients: k * 5500,
          returnRate: 5500 / 7000,
        },
      ],
    },
    loyalty: {
      startDate: '2025-04-01',
      endDate: END,
      months: MONTHS.slice(3).map((month, i) => ({
        month,
        pointsEarned: k * (5000 + i * 300),
        pointsSpent: k * (2000 + i * 150),
      })),
    },
    postcodes: {
      data: [
        { rank: 1, postcode: '75011', count: k * 320 },
        { rank: 2, postcode: '75003', count: k * 250 },
        { rank: 3, postcode: '69002', count: k * 180 },
      ],
    },
    redemptions: {
      offers: {
        startDate: START,
        endDate: END,
        total: k * 42,
        days: [
          { day: '2026-03-05', count: k * 2 },
          { day: '2026-03-20', count: k * 40 },
        ],
      },
      coupons: {
        data: [
          {
            id: '33333333-3333-4333-8333-333333333333',
            header: 'Croissant offert',
            type: 'product',
            value: null,
            currencyCode: null,
            claimedAt: '2026-03-20T09:30:00.000Z',
            storeId: STORES[0]!.id,
            clientId: '44444444-4444-4444-8444-444444444444',
            clientName: 'Camille Martin',
          },
        ],
        metadata: { page: 1, size: 5, total: k * 7 },
      },
    },
    conversion: {
      startDate: START,
      endDate: END,
      visitors: k * 600,
      newClients: k * 120,
      returningClients: k * 480,
      rate: 0.8,
    },
    basket: {
      startDate: START,
      endDate: END,
      currencyCode: 'EUR',
      salesCount: k * 500,
      salesCents: k * 625_000,
      averageBasketCents: 1250,
    },
    roi: {
      startDate: START,
      endDate: END,
      currencyCode: 'EUR',
      salesCents: k * 625_000,
      returningSalesCents: k * 500_000,
      returningShare: 0.8,
      offersRedeemed: k * 42,
      couponsRedeemed: k * 7,
      pointsSpent: k * 4200,
    },
  }
}

export const EMPTY_FIXTURES: CardData = {
  visitsDays: {
    startDate: START,
    endDate: END,
    events: ['visits'],
    days: DAYS.map((day) => ({ day, visits: 0 })),
  },
  visitsMonths: { events: ['visits'], months: MONTHS.map((month) => ({ month, visits: 0 })) },
  clients: {
    count: { count: 0 },
    days: { startDate: START, endDate: END, events: ['newClients', 'returningClients'], days: [] },
  },
  frequency: { startDate: START, endDate: END, visits: 0, visitors: 0, byWeekday: [0, 0, 0, 0, 0, 0, 0] },
  returns: {
    periods: [30, 90, 365].map((days) => ({
      days,
      visitors: 0,
      newClients: 0,
      returningClients: 0,
      returnRate: 0,
    })),
  },
  loyalty: { startDate: '2025-04-01', endDate: END, months: [] },
  postcodes: { data: [] },
  redemptions: {
    offers: { startDate: START, endDate: END, total: 0, days: [] },
    coupons: { data: [], metadata: { page: 1, size: 5, total: 0 } },
  },
  conversion: { startDate: START, endDate: END, visitors: 0, newClients: 0, returningClients: 0, rate: 0 },
  basket: {
    startDate: START,
    endDate: END,
    currencyCode: 'EUR',
    salesCount: 0,
    salesCents: 0,
    averageBasketCents: null,
  },
  roi: {
    startDate: START,
    endDate: END,
    currencyCode: 'EUR',
    salesCents: 0,
    returningSalesCents: 0,
    returningShare: 0,
    offersRedeemed: 0,
    couponsRedeemed: 0,
    pointsSpent: 0,
  },
}
