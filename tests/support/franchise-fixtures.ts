// A franchise as GET /api/v2/franchises/{id} answers it, for machine, UI and story fixtures.
import type { FranchiseDetail } from '../../src/domain/franchise-settings'

export const FID = '11111111-1111-4111-8111-111111111111'
export const FRANCHISE: FranchiseDetail = {
  id: FID,
  name: 'Maison Dupont',
  logo: null,
  description: 'Boulangeries',
  codeAlpha3: 'FRA',
  senderId: null,
  timezone: 'Europe/Paris',
  userId: null,
  currencyCode: 'EUR',
  isOfficial: true,
  averageBasket: 12.5,
  averageBasketCents: 1250,
  loyaltyType: 'PASSAGE',
  features: [],
  theme: { primaryColor: '#1e3a8a', secondaryColor: '#f59e0b', tertiaryColor: '#f8fafc' },
  customersQualification: { lostCustomers: { timeSinceLastVisit: { value: 3, unit: 'months' } } },
  tagScanInterval: 600,
  maxPoints: null,
  hasMaxPointsEnabled: false,
  allowStaticTags: false,
  staticTagDailyVisitCap: 1,
  newsMaxConcurrent: 3,
  smsQuietDays: true,
  publicHolidays: ['2026-12-25', '2027-01-01'],
  dateCreated: '2026-01-01T00:00:00.000Z',
  lastModified: '2026-01-01T00:00:00.000Z',
  canEdit: true,
}
