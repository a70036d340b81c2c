// Stores (SPEC §3 Store, §5 text helpers, §7 "Stores", §9): the shapes of the calls and the form rules,
// shared by the server (validation, 400 naming the field) and the store editor (errors as you type).
import type { CountryCode } from 'libphonenumber-js'
import {
  array,
  boolean,
  type Infer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
  type,
} from 'superstruct'
import { EMAIL_PATTERN } from './auth'
import { CURRENCIES, WEEK_DAYS, type WeekDay } from './constants'
import { FranchiseSummary, StoreSummary } from './franchise'
import { Id } from './ids'
import { firstWeekError, type WeekHours } from './opening-hours'
import { normalisePhone } from './phone'

export const STORE_NAME_MAX = 80
export const STORE_DESCRIPTION_MAX = 1000
export const STORE_LINK_MAX = 500

/** §9 stores list: page 1, 20 rows, newest first; sortable by nbClients and dateCreated. */
export const STORE_SORT_FIELDS = ['nbClients', 'dateCreated'] as const
export type StoreSortField = (typeof STORE_SORT_FIELDS)[number]
export const STORE_PAGE_SIZES = [10, 20, 50] as const
export const STORE_LIST_DEFAULTS = { page: 1, rowsPerPage: 20, sort: 'dateCreated', order: 'desc' } as const

/** §5: a URL starts with http or https (and has a host). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false
  try {
    return new URL(value).hostname.length > 0
  } catch {
    return false
  }
}
export const isEmail = (value: string) => value.length <= 254 && EMAIL_PATTERN.test(value)
/** An uploaded file (`/files/store/<name>`, what POST /aws/file/store answers) or an http(s) URL. */
export const isImageUrl = (value: string) => /^\/files\/[\w-]+\/[\w.-]+$/.test(value) || isHttpUrl(value)

const link = refine(
  size(string(), 0, STORE_LINK_MAX),
  'url',
  (v) => isHttpUrl(v) || 'must start with http or https',
)
const image = refine(
  size(string(), 0, STORE_LINK_MAX),
  'image',
  (v) => isImageUrl(v) || 'must be an uploaded file or an http(s) URL',
)
const time = pattern(string(), /^([01]\d|2[0-3]):[0-5]\d$/)
const Range = object({ open: time, close: time })

const Hours = refine(
  type(
    Object.fromEntries(WEEK_DAYS.map((d) => [d, optional(array(Range))])) as Record<
      WeekDay,
      ReturnType<typeof optional<Infer<typeof Range>[], unknown>>
    >,
  ),
  'hours',
  (hours) => {
    const e = firstWeekError(hours as WeekHours)
    // Why the day is named in the message: the server's 400 must say which day to fix.
    return e ? `${e.day}: ${e.code}` : true
  },
)

export const LINK_FIELDS = [
  'website',
  'clickNCollectLink',
  'menuLink',
  'facebookLink',
  'instagramLink',
  'twitterLink',
  'tikTokLink',
  'googleReviewLink',
] as const
export type LinkField = (typeof LINK_FIELDS)[number]

/** POST /api/v2/stores and PUT /api/v2/stores/{id}. Absent or null optional fields are cleared. */
export const StoreInput = object({
  name: refine(size(string(), 1, STORE_NAME_MAX), 'name', (v) => v.trim() !== '' || 'is required'),
  description: optional(nullable(size(string(), 0, STORE_DESCRIPTION_MAX))),
  phone: optional(nullable(size(string(), 1, 30))),
  email: optional(
    nullable(refine(string(), 'email', (v) => isEmail(v.trim()) || 'must be an e-mail address')),
  ),
  ...(Object.fromEntries(LINK_FIELDS.map((f) => [f, optional(nullable(link))])) as Record<
    LinkField,
    ReturnType<typeof optional<string | null, unknown>>
  >),
  logo: optional(nullable(image)),
  picture: optional(nullable(image)),
  location: optional(
    nullable(object({ lat: min(max(number(), 90), -90), lng: min(max(number(), 180), -180) })),
  ),
  // The franchise country's currency when absent; any other is refused (services/stores.ts).
  currencyCode: optional(
    refine(
      string(),
      'currency',
      (v) => (CURRENCIES as readonly string[]).includes(v) || 'must be EUR, CAD, USD or CHF',
    ),
  ),
  categoryId: optional(nullable(Id)),
  storeAddress: optional(
    nullable(
      object({
        line1: optional(nullable(size(string(), 0, 200))),
        city: optional(nullable(size(string(), 0, 120))),
        postcode: optional(nullable(size(string(), 0, 20))),
      }),
    ),
  ),
  storeOpeningHours: optional(nullable(object({ hours: Hours }))),
})
export type StoreInput = Infer<typeof StoreInput>

export const StoreSettingsInput = object({
  hasScannerEnabled: optional(boolean()),
  hasFullWebAppEnabled: optional(boolean()),
})
export type StoreSettingsInput = Infer<typeof StoreSettingsInput>

const TimeRangeShape = type({ open: string(), close: string() })
export const Store = type({
  id: string(),
  franchiseId: string(),
  name: string(),
  description: string(),
  phone: nullable(string()),
  email: nullable(string()),
  website: nullable(string()),
  clickNCollectLink: nullable(string()),
  menuLink: nullable(string()),
  facebookLink: nullable(string()),
  instagramLink: nullable(string()),
  twitterLink: nullable(string()),
  tikTokLink: nullable(string()),
  googleReviewLink: nullable(string()),
  logo: nullable(string()),
  picture: nullable(string()),
  location: nullable(type({ lat: number(), lng: number() })),
  currencyCode: string(),
  userId: nullable(string()),
  categoryId: nullable(string()),
  providerId: nullable(string()),
  storeAddress: type({
    id: nullable(string()),
    line1: nullable(string()),
    city: nullable(string()),
    postcode: nullable(string()),
  }),
  storeOpeningHours: type({
    hours: type(
      Object.fromEntries(WEEK_DAYS.map((d) => [d, array(TimeRangeShape)])) as Record<
        WeekDay,
        ReturnType<typeof array<typeof TimeRangeShape>>
      >,
    ),
  }),
  settings: type({ hasScannerEnabled: boolean(), hasFullWebAppEnabled: boolean() }),
  dateCreated: string(),
})
export type Store = Infer<typeof Store>

export const NearCity = type({
  name: string(),
  lat: number(),
  lng: number(),
  country: string(),
  admin1: string(),
  admin2: string(),
  distance: number(),
})
export type NearCity = Infer<typeof NearCity>

/** GET /api/v2/users/{id}/franchises/stores: each franchise of the user with its stores. */
export const FranchiseWithStores = type({ ...FranchiseSummary.schema, stores: array(StoreSummary) })
export type FranchiseWithStores = Infer<typeof FranchiseWithStores>
export const NEAR_CITIES_MAX_KM = 200
export const NEAR_CITIES_LIMIT = 50
/** The store editor suggests the cities within this distance of the typed coordinates. */
export const NEAR_CITIES_SEARCH_KM = 15

// ---- The editor's form: what the fields hold (text), its rules, and the body it sends. ----

export type StoreFormValues = {
  name: string
  description: string
  phone: string
  email: string
  website: string
  clickNCollectLink: string
  menuLink: string
  facebookLink: string
  instagramLink: string
  twitterLink: string
  tikTokLink: string
  googleReviewLink: string
  logo: string
  picture: string
  line1: string
  city: string
  postcode: string
  lat: string
  lng: string
  categoryId: string
}
export type StoreField = keyof StoreFormValues
/** Message ids of i18n (store.form.errors.*). */
export type StoreFieldErrors = Partial<Record<StoreField, string>>

export function emptyStoreForm(): StoreFormValues {
  return {
    name: '',
    description: '',
    phone: '',
    email: '',
    website: '',
    clickNCollectLink: '',
    menuLink: '',
    facebookLink: '',
    instagramLink: '',
    twitterLink: '',
    tikTokLink: '',
    googleReviewLink: '',
    logo: '',
    picture: '',
    line1: '',
    city: '',
    postcode: '',
    lat: '',
    lng: '',
    categoryId: '',
  }
}

export function storeToForm(s: Store): StoreFormValues {
  const t = (v: string | null) => v ?? ''
  return {
    name: s.name,
    description: s.description,
    phone: t(s.phone),
    email: t(s.email),
    website: t(s.website),
    clickNCollectLink: t(s.clickNCollectLink),
    menuLink: t(s.menuLink),
    facebookLink: t(s.facebookLink),
    instagramLink: t(s.instagramLink),
    twitterLink: t(s.twitterLink),
    tikTokLink: t(s.tikTokLink),
    googleReviewLink: t(s.googleReviewLink),
    logo: t(s.logo),
    picture: t(s.picture),
    line1: t(s.storeAddress.line1),
    city: t(s.storeAddress.city),
    postcode: t(s.storeAddress.postcode),
    lat: s.location ? String(s.location.lat) : '',
    lng: s.location ? String(s.location.lng) : '',
    categoryId: t(s.categoryId),
  }
}

const coordinate = (v: string) => (v.trim() === '' ? null : Number(v.trim().replace(',', '.')))

/** The typed location when both coordinates are valid numbers in range, else null. */
export function storeCoordinates(
  v: Pick<StoreFormValues, 'lat' | 'lng'>,
): { lat: number; lng: number } | null {
  const lat = coordinate(v.lat)
  const lng = coordinate(v.lng)
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null
}

/** The §5 rules of the form; `{}` when it may be sent. */
export function validateStoreForm(v: StoreFormValues, country: CountryCode): StoreFieldErrors {
  const e: StoreFieldErrors = {}
  const name = v.name.trim()
  if (!name) e.name = 'store.form.errors.required'
  else if (name.length > STORE_NAME_MAX) e.name = 'store.form.errors.tooLong'
  if (v.description.length > STORE_DESCRIPTION_MAX) e.description = 'store.form.errors.tooLong'
  if (v.phone.trim() && !normalisePhone(v.phone, country)) e.phone = 'store.form.errors.phone'
  if (v.email.trim() && !isEmail(v.email.trim())) e.email = 'store.form.errors.email'
  for (const f of LINK_FIELDS) if (v[f].trim() && !isHttpUrl(v[f].trim())) e[f] = 'store.form.errors.url'
  const lat = coordinate(v.lat)
  const lng = coordinate(v.lng)
  if (lat !== null && !(Number.isFinite(lat) && lat >= -90 && lat <= 90)) e.lat = 'store.form.errors.lat'
  if (lng !== null && !(Number.isFinite(lng) && lng >= -180 && lng <= 180)) e.lng = 'store.form.errors.lng'
  if ((lat === null) !== (lng === null)) e[lat === null ? 'lat' : 'lng'] = 'store.form.errors.location'
  return e
}

/** The request body for valid form values and opening hours (empty texts are sent as null). */
export function toStoreInput(v: StoreFormValues, hours: WeekHours, country: CountryCode): StoreInput {
  const text = (s: string) => (s.trim() === '' ? null : s.trim())
  const lat = coordinate(v.lat)
  const lng = coordinate(v.lng)
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    phone: v.phone.trim() ? (normalisePhone(v.phone, country) ?? v.phone.trim()) : null,
    email: text(v.email),
    ...(Object.fromEntries(LINK_FIELDS.map((f) => [f, text(v[f])])) as Record<LinkField, string | null>),
    logo: text(v.logo),
    picture: text(v.picture),
    location: lat !== null && lng !== null ? { lat, lng } : null,
    // No currency: the server sets the franchise country's (a store cannot contradict its country).
    categoryId: text(v.categoryId),
    storeAddress: { line1: text(v.line1), city: text(v.city), postcode: text(v.postcode) },
    storeOpeningHours: { hours },
  }
}
