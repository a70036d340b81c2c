// News fixtures shared by the news and calendar stories.
import type { CalendarAnswer } from '../../src/domain/calendar'
import type { NewsItem } from '../../src/domain/news'

export const FID = '11111111-1111-4111-8111-111111111111'
export const STORES = [
  { id: '22222222-2222-4222-8222-000000000001', name: 'Maison Dupont — Paris Marais' },
  { id: '22222222-2222-4222-8222-000000000002', name: 'Maison Dupont — Lyon Presqu’île' },
]
const base: NewsItem = {
  id: '66666666-6666-4666-8666-000000000001',
  franchiseId: FID,
  storeIds: [STORES[1]!.id],
  name: 'Apéro au fournil',
  type: 'happy-hours',
  description: 'Une fougasse offerte pour deux verres.',
  priceCents: 650,
  currencyCode: 'EUR',
  startDate: '2026-11-18',
  endDate: '2027-01-24',
  happyHourStart: '18:00',
  happyHourEnd: '20:00',
  drinkType: 'Vin et bière',
  customersOnly: false,
  isStopped: false,
  status: 'published',
  canEdit: true,
  dateCreated: '2026-11-18T10:00:00.000Z',
}
export const ROWS: NewsItem[] = [
  base,
  {
    ...base,
    id: '66666666-6666-4666-8666-000000000002',
    storeIds: [],
    name: 'Galette des rois en précommande',
    type: 'news',
    happyHourStart: null,
    happyHourEnd: null,
    drinkType: null,
    priceCents: null,
    startDate: '2026-12-15',
    endDate: '2027-01-15',
    status: 'upcoming',
  },
  {
    ...base,
    id: '66666666-6666-4666-8666-000000000003',
    name: 'Vente privée',
    customersOnly: true,
    status: 'premium',
  },
  {
    ...base,
    id: '66666666-6666-4666-8666-000000000004',
    name: 'Brunch du dimanche',
    isStopped: true,
    status: 'unpublished',
  },
]
export const CONFLICTS = ROWS.slice(0, 3).map((r) => ({
  id: r.id,
  name: r.name,
  startDate: r.startDate,
  endDate: r.endDate,
}))

export const CALENDAR: CalendarAnswer = {
  timezone: 'Europe/Paris',
  today: '2026-11-25',
  from: '2026-10-26',
  to: '2026-12-06',
  events: [
    {
      kind: 'happy-hour',
      id: base.id,
      title: base.name,
      startDate: base.startDate,
      endDate: base.endDate,
      startTime: '18:00',
      endTime: '20:00',
      storeIds: base.storeIds,
      newsType: 'happy-hours',
      status: 'published',
    },
    {
      kind: 'news',
      id: ROWS[1]!.id,
      title: 'Marché de Noël',
      startDate: '2026-11-28',
      endDate: '2026-12-02',
      startTime: null,
      endTime: null,
      storeIds: [],
      newsType: 'news',
      status: 'upcoming',
    },
    {
      kind: 'offer-expiry',
      id: '77777777-7777-4777-8777-000000000001',
      title: 'Café offert',
      startDate: '2026-11-30',
      endDate: '2026-11-30',
      startTime: null,
      endTime: null,
      storeIds: [],
      newsType: null,
      status: null,
    },
  ],
}
