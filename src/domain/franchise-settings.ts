// The franchise page's shapes (SPEC §3 Franchise, §5, §7 "Franchises"): the full franchise the server
// answers, the partial update, the theme and the client qualification (countries: ./countries.ts).
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
  type,
  union,
} from 'superstruct'
import { toCents } from './clients'
import { isKnownCountry } from './countries'
import { NEWS_MAX_CONCURRENT_MAX } from './news'

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/
const Color = pattern(string(), HEX_COLOR)
export const FranchiseTheme = object({ primaryColor: Color, secondaryColor: Color, tertiaryColor: Color })
export type FranchiseTheme = Infer<typeof FranchiseTheme>

export const QUALIFICATION_UNITS = ['days', 'weeks', 'months'] as const
export type QualificationUnit = (typeof QUALIFICATION_UNITS)[number]
/** Sensible bounds: about two years in each unit (a longer absence is not "lost", it is gone). */
export const QUALIFICATION_MAX: Record<QualificationUnit, number> = { days: 730, weeks: 104, months: 24 }
export function qualificationError(value: unknown, unit: QualificationUnit): string | null {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) return 'positive'
  if (value > QUALIFICATION_MAX[unit]) return 'tooLarge'
  return null
}
export const ClientQualification = object({
  lostCustomers: object({
    timeSinceLastVisit: refine(
      object({ value: integer(), unit: enums(QUALIFICATION_UNITS) }),
      'value',
      (v) =>
        qualificationError(v.value, v.unit) === null ||
        `must be a whole number from 1 to ${QUALIFICATION_MAX[v.unit]} ${v.unit}`,
    ),
  }),
})
export type ClientQualification = Infer<typeof ClientQualification>

export const TAG_SCAN_INTERVAL_MAX = 31 * 24 * 3600
export const MAX_POINTS_MAX = 1_000_000
/**
 * Static tags (issue 16 #5): printed or NFC tags that cannot show the rotating presence code. Off by
 * default; when a franchise turns them on, a visit without the code is accepted up to this many
 * visits per phone per day (the franchise's day, in its time zone).
 */
export const STATIC_TAG_DAILY_VISIT_CAP_DEFAULT = 1
export const STATIC_TAG_DAILY_VISIT_CAP_MAX = 20
export const staticCapError = (v: unknown): string | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= STATIC_TAG_DAILY_VISIT_CAP_MAX
    ? null
    : 'staticTagDailyVisitCap'
/** §5: news and happy hours running at once in a store (domain/news.ts). */
export const newsLimitError = (v: unknown): string | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= NEWS_MAX_CONCURRENT_MAX
    ? null
    : 'newsMaxConcurrent'
export const NAME_MAX = 100
export const DESCRIPTION_MAX = 1000

/** A money amount typed with a comma or a dot ("12,50"), zero or more, up to 1,000,000. */
export const averageBasketError = (v: unknown): string | null => {
  if (typeof v !== 'string' && typeof v !== 'number') return 'invalid'
  const cents = toCents(v)
  if (cents === null || cents < 0) return 'invalid'
  if (cents > 100_000_000) return 'tooLarge'
  return null
}

export const FranchisePatch = object({
  name: optional(refine(size(string(), 1, NAME_MAX), 'name', (v) => v.trim() !== '' || 'is required')),
  description: optional(size(string(), 0, DESCRIPTION_MAX)),
  logo: optional(nullable(pattern(size(string(), 1, 500), /^(\/|https?:\/\/)\S+$/))),
  codeAlpha3: optional(refine(string(), 'codeAlpha3', (v) => isKnownCountry(v) || 'is not a known country')),
  tagScanInterval: optional(
    refine(integer(), 'tagScanInterval', (v) => (v >= 0 && v <= TAG_SCAN_INTERVAL_MAX) || 'out of range'),
  ),
  maxPoints: optional(
    nullable(refine(integer(), 'maxPoints', (v) => (v >= 1 && v <= MAX_POINTS_MAX) || 'must be positive')),
  ),
  hasMaxPointsEnabled: optional(boolean()),
  allowStaticTags: optional(boolean()),
  staticTagDailyVisitCap: optional(
    refine(
      integer(),
      'staticTagDailyVisitCap',
      (v) => staticCapError(v) === null || `must be from 1 to ${STATIC_TAG_DAILY_VISIT_CAP_MAX}`,
    ),
  ),
  newsMaxConcurrent: optional(
    refine(
      integer(),
      'newsMaxConcurrent',
      (v) => newsLimitError(v) === null || `must be from 1 to ${NEWS_MAX_CONCURRENT_MAX}`,
    ),
  ),
  averageBasket: optional(
    refine(union([string(), number()]), 'averageBasket', (v) => averageBasketError(v) === null || 'invalid'),
  ),
})
export type FranchisePatch = Infer<typeof FranchisePatch>

export const SenderIdBody = object({ senderId: string() })
export const SenderValidity = type({ valid: boolean(), code: optional(string()) })
export type SenderValidity = Infer<typeof SenderValidity>

export const FranchiseDetail = type({
  id: string(),
  name: string(),
  logo: nullable(string()),
  description: string(),
  codeAlpha3: string(),
  senderId: nullable(string()),
  timezone: string(),
  userId: nullable(string()),
  currencyCode: string(),
  isOfficial: boolean(),
  /** Decimal (12.5) and cents (1250): §3 averageBasket, money kept in cents. */
  averageBasket: number(),
  averageBasketCents: number(),
  loyaltyType: string(),
  features: array(string()),
  theme: type({ primaryColor: string(), secondaryColor: string(), tertiaryColor: string() }),
  customersQualification: type({
    lostCustomers: type({
      timeSinceLastVisit: type({ value: number(), unit: enums(QUALIFICATION_UNITS) }),
    }),
  }),
  tagScanInterval: number(),
  maxPoints: nullable(number()),
  hasMaxPointsEnabled: boolean(),
  allowStaticTags: boolean(),
  staticTagDailyVisitCap: number(),
  newsMaxConcurrent: number(),
  /** SMS held on Sundays and public holidays (README, Campaigns: the engine waits for the next day). */
  smsQuietDays: boolean(),
  /** The country's public holidays from the franchise's today, a year ahead ('YYYY-MM-DD'). */
  publicHolidays: array(string()),
  dateCreated: string(),
  lastModified: string(),
  /** False for a store owner: the page is read-only (writes are full access). */
  canEdit: boolean(),
})
export type FranchiseDetail = Infer<typeof FranchiseDetail>

// Drafts the franchise page edits (text as typed) and their checks, shared by the machine and tests.
// Each check answers a message key suffix (`franchise.errors.<key>`) per field, empty when valid.
export type InfoDraft = { name: string; description: string; logo: string | null; codeAlpha3: string }
export type RulesDraft = {
  tagScanMinutes: string
  maxPoints: string
  hasMaxPointsEnabled: boolean
  allowStaticTags: boolean
  staticTagDailyVisitCap: string
  newsMaxConcurrent: string
}
export type FieldErrors = Partial<Record<string, string>>

const WHOLE = /^\d+$/

export function infoErrors(d: InfoDraft): FieldErrors {
  const e: FieldErrors = {}
  if (d.name.trim() === '') e.name = 'nameRequired'
  else if (d.name.trim().length > NAME_MAX) e.name = 'nameTooLong'
  if (d.description.length > DESCRIPTION_MAX) e.description = 'descriptionTooLong'
  if (!isKnownCountry(d.codeAlpha3)) e.codeAlpha3 = 'country'
  return e
}

export function rulesErrors(d: RulesDraft): FieldErrors {
  const e: FieldErrors = {}
  const minutes = d.tagScanMinutes.trim()
  if (!WHOLE.test(minutes) || Number(minutes) * 60 > TAG_SCAN_INTERVAL_MAX)
    e.tagScanMinutes = 'tagScanInterval'
  const max = d.maxPoints.trim()
  if (max !== '' && (!WHOLE.test(max) || Number(max) < 1 || Number(max) > MAX_POINTS_MAX))
    e.maxPoints = 'maxPoints'
  else if (d.hasMaxPointsEnabled && max === '') e.maxPoints = 'maxPointsRequired'
  const cap = d.staticTagDailyVisitCap.trim()
  if (!WHOLE.test(cap) || staticCapError(Number(cap)) !== null)
    e.staticTagDailyVisitCap = 'staticTagDailyVisitCap'
  const news = d.newsMaxConcurrent.trim()
  if (!WHOLE.test(news) || newsLimitError(Number(news)) !== null) e.newsMaxConcurrent = 'newsMaxConcurrent'
  return e
}

export const infoDraftOf = (f: FranchiseDetail): InfoDraft => ({
  name: f.name,
  description: f.description,
  logo: f.logo,
  codeAlpha3: f.codeAlpha3,
})
export const rulesDraftOf = (f: FranchiseDetail): RulesDraft => ({
  // Stored in seconds, edited in minutes (the unit a merchant thinks in).
  tagScanMinutes: String(Math.round(f.tagScanInterval / 60)),
  maxPoints: f.maxPoints === null ? '' : String(f.maxPoints),
  hasMaxPointsEnabled: f.hasMaxPointsEnabled,
  allowStaticTags: f.allowStaticTags,
  staticTagDailyVisitCap: String(f.staticTagDailyVisitCap),
  newsMaxConcurrent: String(f.newsMaxConcurrent),
})
export const infoPatchOf = (d: InfoDraft): FranchisePatch => ({
  name: d.name.trim(),
  description: d.description.trim(),
  logo: d.logo,
  codeAlpha3: d.codeAlpha3,
})
export const rulesPatchOf = (d: RulesDraft): FranchisePatch => ({
  tagScanInterval: Number(d.tagScanMinutes.trim()) * 60,
  maxPoints: d.maxPoints.trim() === '' ? null : Number(d.maxPoints.trim()),
  hasMaxPointsEnabled: d.hasMaxPointsEnabled,
  allowStaticTags: d.allowStaticTags,
  staticTagDailyVisitCap: Number(d.staticTagDailyVisitCap.trim()),
  newsMaxConcurrent: Number(d.newsMaxConcurrent.trim()),
})
/** The qualification as typed: a whole number within the unit's bounds. */
export function qualificationOf(value: string, unit: QualificationUnit): ClientQualification | null {
  const v = value.trim()
  if (!WHOLE.test(v) || qualificationError(Number(v), unit) !== null) return null
  return { lostCustomers: { timeSinceLastVisit: { value: Number(v), unit } } }
}
export const sameTheme = (a: FranchiseTheme, b: FranchiseTheme) =>
  a.primaryColor.toLowerCase() === b.primaryColor.toLowerCase() &&
  a.secondaryColor.toLowerCase() === b.secondaryColor.toLowerCase() &&
  a.tertiaryColor.toLowerCase() === b.tertiaryColor.toLowerCase()
export const isThemeValid = (t: FranchiseTheme) =>
  HEX_COLOR.test(t.primaryColor) && HEX_COLOR.test(t.secondaryColor) && HEX_COLOR.test(t.tertiaryColor)
