// Business constants of SPEC §3 and §9, shared by the browser and the server.

export const CURRENCIES = ['EUR', 'CAD', 'USD', 'CHF'] as const
export type CurrencyCode = (typeof CURRENCIES)[number]

export const LOYALTY_TYPES = [
  'PASSAGE',
  'MANUAL_AMOUNT',
  'POS_AMOUNT',
  'POS_PRODUCTS',
  'POS_PASSAGE',
] as const
export type LoyaltyType = (typeof LOYALTY_TYPES)[number]

/** Franchise feature flags (SPEC §3 "Feature flags include GAME"). */
export const FEATURES = ['GAME', 'SMS', 'EMARKETING', 'POS'] as const
export type Feature = (typeof FEATURES)[number]

export const LANGUAGES = ['en', 'fr'] as const
export type Language = (typeof LANGUAGES)[number]

export const PERIOD_UNITS = ['days', 'weeks', 'months'] as const
export type PeriodUnit = (typeof PERIOD_UNITS)[number]

export const DEFAULT_OPENING_TIME = '08:00'
export const DEFAULT_CLOSING_TIME = '18:00'
export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type WeekDay = (typeof WEEK_DAYS)[number]

/** Access tokens live two weeks unless revoked; a login answers with this ttl in seconds. */
export const ACCESS_TOKEN_TTL_SECONDS = 14 * 24 * 3600
