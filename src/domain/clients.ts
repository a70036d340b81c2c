// Clients and their loyalty account (SPEC §3 Client, Points transaction, §4 client type).
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  nullable,
  number,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
  trimmed,
  type,
  union,
} from 'superstruct'
import type { PeriodUnit } from './constants'
import { Id } from './ids'
import { MESSAGE_CHANNELS } from './messages'

export const CLIENT_TYPES = ['LOST_CUSTOMER', 'NEW_CUSTOMER', 'REGULAR_CUSTOMER'] as const
export type ClientType = (typeof CLIENT_TYPES)[number]
export const ACQUISITION_SOURCES = ['MIGRATION', 'EMARKETING', 'STORE'] as const
export type AcquisitionSource = (typeof ACQUISITION_SOURCES)[number]

/** "Has mobile app": the customer app was used within the last 6 months (§3). */
export const MOBILE_APP_MONTHS = 6

export type Qualification = { value: number; unit: PeriodUnit }

/** The start of the qualification period ending now (e.g. 3 months ago). */
export function periodStart(q: Qualification, now: Date): Date {
  const d = new Date(now)
  if (q.unit === 'days') d.setUTCDate(d.getUTCDate() - q.value)
  else if (q.unit === 'weeks') d.setUTCDate(d.getUTCDate() - 7 * q.value)
  else d.setUTCMonth(d.getUTCMonth() - q.value)
  return d
}

/**
 * §4: lost when no visit for the period; new when the first visit is within it; regular otherwise.
 * A client who never visited counts from the day it was created.
 */
export function clientType(
  c: { firstVisitAt: Date | null; lastVisitAt: Date | null; createdAt: Date },
  q: Qualification,
  now: Date,
): ClientType {
  const start = periodStart(q, now).getTime()
  if ((c.lastVisitAt ?? c.createdAt).getTime() < start) return 'LOST_CUSTOMER'
  if ((c.firstVisitAt ?? c.createdAt).getTime() >= start) return 'NEW_CUSTOMER'
  return 'REGULAR_CUSTOMER'
}

/** Decimal with comma or dot, up to 2 decimals, optionally signed (§5 text helpers) → cents. */
export const DECIMAL_PATTERN = /^[+-]?\d+([.,]\d{1,2})?$/
export function toCents(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim()
  if (!DECIMAL_PATTERN.test(text)) return null
  const [whole, frac = ''] = text.replace(',', '.').replace(/^[+]/, '').split('.')
  const sign = whole!.startsWith('-') ? -1 : 1
  return sign * (Math.abs(Number(whole)) * 100 + Number(frac.padEnd(2, '0')))
}

export const PointsPatch = object({
  userId: Id,
  merchantId: Id,
  storeId: Id,
  points: refine(
    integer(),
    'points',
    (v) => (v !== 0 && Math.abs(v) <= 1_000_000) || 'must be a non-zero whole number',
  ),
})
export type PointsPatch = Infer<typeof PointsPatch>

export const SaleRequest = object({
  amount: refine(union([string(), number()]), 'amount', (v) => {
    const cents = toCents(v)
    return (
      (cents !== null && cents > 0 && cents <= 10_000_000) ||
      'must be a positive amount with up to 2 decimals'
    )
  }),
})

export const LoyaltyCard = type({
  clientId: string(),
  points: number(),
  totalCollectedPoints: number(),
  redeemedOffersCount: number(),
  visitCount: number(),
  lastVisitAt: nullable(string()),
  transaction: optional(
    type({
      id: string(),
      type: string(),
      points: number(),
      amountCents: nullable(number()),
      storeId: nullable(string()),
      createdAt: string(),
    }),
  ),
})
export type LoyaltyCard = Infer<typeof LoyaltyCard>

// ——— Client list (§2 Client list, §9 defaults) ———

export const CLIENT_SORT_FIELDS = [
  'lastVisit',
  'firstName',
  'points',
  'totalCollectedPoints',
  'visitCount',
  'averageBasket',
  'createdAt',
] as const
export type ClientSortField = (typeof CLIENT_SORT_FIELDS)[number]
/** Columns shown but not sortable (§2): contact, client type, acquired-from and last name. */
export const CLIENT_UNSORTABLE_COLUMNS = ['contact', 'clientType', 'acquiredFrom', 'lastName'] as const
export const CLIENT_PAGE_SIZES = [5, 10] as const
export const CLIENT_LIST_DEFAULTS = {
  page: 1,
  size: 5,
  sort: 'lastVisit' as ClientSortField,
  order: 'desc' as 'asc' | 'desc',
}

export const ClientRow = type({
  id: string(),
  firstName: string(),
  lastName: string(),
  email: nullable(string()),
  phone: nullable(string()),
  clientType: string(),
  acquiredFrom: string(),
  points: number(),
  totalCollectedPoints: number(),
  visitCount: number(),
  lastVisitAt: nullable(string()),
  averageBasketCents: number(),
  hasMobileApp: boolean(),
  createdAt: string(),
})
export type ClientRow = Infer<typeof ClientRow>

/**
 * A search counts its matches up to this many: past it, `total` is this number and
 * `totalIsLowerBound` is true ("1,000+ clients"); a search is for finding someone, so a broader one
 * asks to be refined rather than counted.
 */
export const SEARCH_TOTAL_LIMIT = 1000

export const ClientPage = type({
  data: array(ClientRow),
  metadata: type({
    page: number(),
    size: number(),
    total: number(),
    totalIsLowerBound: optional(boolean()),
  }),
})
export type ClientPage = Infer<typeof ClientPage>

/** What sent a client a message of their history: a campaign, an automation's run, an expiry reminder. */
export const CLIENT_MESSAGE_ORIGINS = ['campaign', 'automation', 'pointsExpiry'] as const
export type ClientMessageOrigin = (typeof CLIENT_MESSAGE_ORIGINS)[number]

export const ClientDetail = type({
  id: string(),
  franchiseId: string(),
  firstName: string(),
  lastName: string(),
  email: nullable(string()),
  phone: nullable(string()),
  gender: nullable(string()),
  birthDate: nullable(string()),
  postcode: nullable(string()),
  clientType: string(),
  acquiredFrom: string(),
  hasMobileApp: boolean(),
  /** The phone answered STOP to this franchise's SMS (issue 18): no marketing SMS reaches it. */
  smsOptedOut: boolean(),
  points: number(),
  totalCollectedPoints: number(),
  redeemedOffersCount: number(),
  visitCount: number(),
  firstVisitAt: nullable(string()),
  lastVisitAt: nullable(string()),
  averageBasketCents: number(),
  weeklyAverageBasketCents: number(),
  currencyCode: string(),
  createdAt: string(),
  transactions: array(
    type({
      id: string(),
      type: string(),
      points: number(),
      amountCents: nullable(number()),
      storeId: nullable(string()),
      storeName: nullable(string()),
      createdAt: string(),
    }),
  ),
  /** The messages sent to the client, newest first (issue 34: automations' sends were in no history). */
  messages: array(
    type({
      campaignId: string(),
      name: string(),
      origin: enums(CLIENT_MESSAGE_ORIGINS),
      channel: enums(MESSAGE_CHANNELS),
      status: string(),
      sentAt: string(),
    }),
  ),
})
export type ClientDetail = Infer<typeof ClientDetail>

/** A campaign's row is an automation's run when it names its automation, a reminder by its type. */
export function clientMessageOrigin(campaignType: string, automationId: string | null): ClientMessageOrigin {
  if (campaignType === 'POINTS_EXPIRY') return 'pointsExpiry'
  return automationId ? 'automation' : 'campaign'
}

/** How many of a client's latest messages the detail shows. */
export const CLIENT_MESSAGES_SHOWN = 50

export const GENDERS = ['male', 'female', 'other'] as const

/** Create (POST) or update (PUT) a client: the phone is validated and normalised with libphonenumber. */
export const ClientInput = object({
  id: optional(Id),
  firstName: size(trimmed(string()), 1, 80),
  lastName: size(trimmed(string()), 0, 80),
  email: optional(
    nullable(
      refine(
        trimmed(string()),
        'email',
        (v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) || 'must be an e-mail address',
      ),
    ),
  ),
  phone: optional(nullable(size(trimmed(string()), 0, 30))),
  gender: optional(nullable(enums(GENDERS))),
  birthDate: optional(nullable(pattern(string(), /^\d{4}-\d{2}-\d{2}$/))),
  postcode: optional(nullable(size(trimmed(string()), 0, 12))),
  storeId: optional(Id),
})
export type ClientInput = Infer<typeof ClientInput>

export const COUPON_STATES = ['active', 'expired', 'claimed'] as const
export type CouponState = (typeof COUPON_STATES)[number]

export const CouponRow = type({
  id: string(),
  type: string(),
  value: nullable(number()),
  currencyCode: nullable(string()),
  header: string(),
  productDescription: nullable(string()),
  termsOfUse: nullable(string()),
  expiresAt: string(),
  claimedAt: nullable(string()),
  state: string(),
})
export type CouponRow = Infer<typeof CouponRow>
export const CouponPage = type({
  data: array(CouponRow),
  metadata: type({ page: number(), size: number(), total: number() }),
})

export const OfferRow = type({
  id: string(),
  name: string(),
  description: string(),
  image: nullable(string()),
  redeemPointAmount: number(),
  type: string(),
  value: nullable(number()),
  currencyCode: nullable(string()),
  status: string(),
  redeemedCount: number(),
  /** The client has enough points (detail screen only). */
  canRedeem: optional(boolean()),
})
export type OfferRow = Infer<typeof OfferRow>

export function couponState(c: { claimedAt: Date | null; expiresAt: Date }, now: Date): CouponState {
  if (c.claimedAt) return 'claimed'
  return c.expiresAt.getTime() < now.getTime() ? 'expired' : 'active'
}

/** A client found by phone or e-mail (GET /api/v2/users/search), and whether the caller's store knows it. */
export const ClientSearchResponse = array(
  object({
    id: string(),
    firstName: string(),
    lastName: string(),
    email: string(),
    phone: string(),
    linked: boolean(),
  }),
)
/** A client's card and the offers it may redeem. */
export const ClientLoyaltyResponse = object({ card: LoyaltyCard, offers: array(OfferRow) })
