// E-marketing landing pages (SPEC §3 E-marketing, §5 "points integer above 0; URL valid and
// available", §7 the emarketings calls; issue 21): the wire shapes, the link (slug) rule and the form
// rules, shared by the server (the authority), the set-up screen and the public landing page.
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  pattern,
  record,
  refine,
  size,
  string,
  type,
} from 'superstruct'
import { CRM_FIELD_STATUSES, CRM_FIELD_TYPES, type CrmField } from './crm'
import { HEX_COLOR } from './franchise-settings'
import { Id } from './ids'
import { isImageUrl } from './stores'

/** The public page's path: /e/<link>. */
export const LANDING_PATH = '/e/'
/** A link is 3 to 40 lower-case letters, digits and inner hyphens: readable on a poster, typed by hand. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/
export const SLUG_MIN = 3
export const SLUG_MAX = 40
/** Points a registration earns: above 0 (§5), bounded so a typo cannot print money. */
export const REGISTRATION_POINTS_MAX = 100_000
export const LOGO_MAX = 500
export const EMAIL_MAX = 254

export const isSlug = (v: string) => SLUG_PATTERN.test(v) && !v.includes('--')

/** A franchise name as a link suggestion: "Maison Dupont" → "maison-dupont". */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '')
}

const Slug = refine(size(string(), SLUG_MIN, SLUG_MAX), 'slug', (v) =>
  isSlug(v) ? true : 'must be 3 to 40 lower-case letters, digits or single hyphens',
)
const Color = pattern(string(), HEX_COLOR)
const Logo = refine(size(string(), 0, LOGO_MAX), 'image', (v) =>
  isImageUrl(v) ? true : 'must be an uploaded file or an http(s) URL',
)
const Points = max(min(integer(), 1), REGISTRATION_POINTS_MAX)

/** POST /api/v2/emarketings and PUT /api/v2/emarketings/{id}. */
export const EmarketingInput = object({
  franchiseId: Id,
  logo: optional(nullable(Logo)),
  link: Slug,
  primaryColor: Color,
  secondaryColor: Color,
  tertiaryColor: Color,
  registrationPoints: Points,
})
export type EmarketingInput = Infer<typeof EmarketingInput>

export const AvailabilityQuery = object({ link: size(string(), 0, 200) })
/** GET /api/v2/emarketings[/{id}]/availability?link=. */
export const Availability = type({ link: string(), isValid: boolean(), isAvailable: boolean() })
export type Availability = Infer<typeof Availability>

export const EmarketingCounts = type({ visits: number(), registrations: number() })
export type EmarketingCounts = Infer<typeof EmarketingCounts>

/** What the merchant reads (GET api/v2/users/{id}/emarketing and the writes' answers). */
export const Emarketing = type({
  id: string(),
  franchiseId: string(),
  logo: nullable(string()),
  link: string(),
  primaryColor: string(),
  secondaryColor: string(),
  tertiaryColor: string(),
  registrationPoints: integer(),
  createdAt: string(),
  updatedAt: string(),
  counts: EmarketingCounts,
})
export type Emarketing = Infer<typeof Emarketing>

/** Registrations over visits, as a whole percentage (0 without visits). */
export function conversionPercent(c: EmarketingCounts): number {
  if (c.visits <= 0) return 0
  return Math.min(100, Math.round((c.registrations / c.visits) * 100))
}

/** The form the set-up screen edits (points as typed text). */
export type EmarketingForm = {
  logo: string
  link: string
  primaryColor: string
  secondaryColor: string
  tertiaryColor: string
  registrationPoints: string
}
export type EmarketingFormErrors = Partial<Record<keyof EmarketingForm, string>>

/** §5 as the screen shows it: message keys per field (availability is the server's answer). */
export function emarketingFormErrors(f: EmarketingForm): EmarketingFormErrors {
  const e: EmarketingFormErrors = {}
  if (!isSlug(f.link)) e.link = 'emarketing.errors.link'
  const points = Number(f.registrationPoints)
  if (!/^\d+$/.test(f.registrationPoints.trim()) || points < 1 || points > REGISTRATION_POINTS_MAX)
    e.registrationPoints = 'emarketing.errors.points'
  for (const k of ['primaryColor', 'secondaryColor', 'tertiaryColor'] as const)
    if (!HEX_COLOR.test(f[k])) e[k] = 'emarketing.errors.colour'
  if (f.logo && !isImageUrl(f.logo)) e.logo = 'emarketing.errors.logo'
  return e
}

export function formOf(
  e: Emarketing | null,
  fallback: Omit<EmarketingForm, 'registrationPoints'>,
): EmarketingForm {
  if (!e) return { ...fallback, registrationPoints: '10' }
  return {
    logo: e.logo ?? '',
    link: e.link,
    primaryColor: e.primaryColor,
    secondaryColor: e.secondaryColor,
    tertiaryColor: e.tertiaryColor,
    registrationPoints: String(e.registrationPoints),
  }
}

export function inputOf(franchiseId: string, f: EmarketingForm): EmarketingInput {
  return {
    franchiseId,
    logo: f.logo || null,
    link: f.link,
    primaryColor: f.primaryColor,
    secondaryColor: f.secondaryColor,
    tertiaryColor: f.tertiaryColor,
    registrationPoints: Number(f.registrationPoints),
  }
}

// ——— The public landing page ———

export type LandingTheme = { primaryColor: string; secondaryColor: string; tertiaryColor: string }

/** GET /api/v2/public/emarketings/:slug. */
export type LandingInfo = {
  link: string
  franchiseName: string
  logo: string | null
  /** ISO alpha-2: phone numbers are read in the franchise's country. */
  country: string
  theme: LandingTheme
  registrationPoints: number
  /** The CRM form's active fields, static ones first (src/domain/crm.ts). */
  fields: CrmField[]
}

/** POST /api/v2/public/emarketings/:slug/register. */
export const RegisterInput = object({
  /** The phone-code proof (services/phone-codes.ts). */
  proof: size(string(), 1, 200),
  phone: size(string(), 1, 40),
  email: pattern(size(string(), 3, EMAIL_MAX), /^[^\s@]+@[^\s@]+\.[^\s@]+$/),
  /** Marketing messages (SMS): unticked by default, the customer's own choice. */
  consent: boolean(),
  /** The CRM form's values by localId (static fields firstName and dateOfBirth included). */
  crmValues: record(size(string(), 1, 64), size(string(), 0, 500)),
  lastName: optional(size(string(), 0, 80)),
})
export type RegisterInput = Infer<typeof RegisterInput>

export const RegisterResult = type({
  clientId: string(),
  points: number(),
  balance: number(),
  firstName: string(),
})
export type RegisterResult = Infer<typeof RegisterResult>

/** A CRM form field as the landing page receives it (src/domain/crm.ts CrmField). */
const LandingField = type({
  localId: string(),
  label: string(),
  status: enums(CRM_FIELD_STATUSES),
  isStatic: boolean(),
  isValid: boolean(),
  validation: type({
    type: enums(CRM_FIELD_TYPES),
    isRequired: boolean(),
    minLength: optional(nullable(number())),
    maxLength: optional(nullable(number())),
    min: optional(nullable(number())),
    max: optional(nullable(number())),
    minDate: optional(nullable(string())),
    maxDate: optional(nullable(string())),
  }),
})

/** GET /api/v2/public/emarketings/:slug: LandingInfo as a struct (the route's type checks they agree). */
export const LandingInfoResponse = type({
  link: string(),
  franchiseName: string(),
  logo: nullable(string()),
  country: string(),
  theme: type({ primaryColor: string(), secondaryColor: string(), tertiaryColor: string() }),
  registrationPoints: number(),
  fields: array(LandingField),
})

/** The landing page's public slug parameter. */
export const SlugParams = object({ slug: Slug })

/** The SMS carrying the code, in the franchise's language. */
export function landingCodeText(lang: 'en' | 'fr', franchiseName: string, code: string): string {
  return lang === 'fr'
    ? `${code} est votre code ${franchiseName}. Il expire dans 10 minutes.`
    : `${code} is your ${franchiseName} code. It expires in 10 minutes.`
}
