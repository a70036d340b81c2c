// Clients and their loyalty account (SPEC §3 Client, Points transaction, §4 client type).
import {
  type Infer,
  integer,
  nullable,
  number,
  object,
  optional,
  refine,
  string,
  type,
  union,
} from 'superstruct'
import type { PeriodUnit } from './constants'
import { Id } from './ids'

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
