// The administration area (SPEC §2 admin panel, §3 "Merchant row (admin)", §6 admin, §7 "Owners and
// admin", §9 "Admin passage stats: last 30 days"): request and response shapes shared by the server
// (validation) and the browser (checked answers), and the create-franchise form's rules.
import {
  array,
  boolean,
  coerce,
  defaulted,
  enums,
  type Infer,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
  trimmed,
  type,
} from 'superstruct'
import { EMAIL_PATTERN, Email } from './auth'
import { FEATURES } from './constants'
import { COUNTRY_CODES, isKnownCountry } from './countries'
import { Id } from './ids'

/** §9: passages are counted over the last 30 days. */
export const PASSAGE_WINDOW_DAYS = 30
/** A passage is a visit that earned points: a tag scan or a point-of-sale sale (§3 transaction types). */
export const PASSAGE_TRANSACTION_TYPES = ['tag', 'sync'] as const

export const MERCHANT_SORT_FIELDS = ['email', 'franchise', 'dateCreated'] as const
export type MerchantSortField = (typeof MERCHANT_SORT_FIELDS)[number]
export const MERCHANT_PAGE_SIZES = [10, 25, 50] as const
export const MERCHANT_LIST_DEFAULTS = {
  page: 1,
  size: 10,
  sort: 'dateCreated',
  sortOrder: 'desc',
  filter: '',
} as const
export const MERCHANT_FILTER_MAX = 100

/** A whole number from the query string (or a number), within bounds. */
const queryInt = (lo: number, hi: number) =>
  coerce(max(min(integer(), lo), hi), string(), (v) => (v.trim() === '' ? Number.NaN : Number(v)))
const pageNumber = (lo: number, hi: number, fallback: number) => defaulted(queryInt(lo, hi), fallback)

export const MerchantListQuery = type({
  page: pageNumber(1, 100_000, MERCHANT_LIST_DEFAULTS.page),
  size: defaulted(
    refine(
      queryInt(1, 100),
      'size',
      (v) => (MERCHANT_PAGE_SIZES as readonly number[]).includes(v) || 'not offered',
    ),
    MERCHANT_LIST_DEFAULTS.size,
  ),
  sort: defaulted(enums(MERCHANT_SORT_FIELDS), MERCHANT_LIST_DEFAULTS.sort),
  sortOrder: defaulted(enums(['asc', 'desc'] as const), MERCHANT_LIST_DEFAULTS.sortOrder),
  filter: defaulted(size(string(), 0, MERCHANT_FILTER_MAX), ''),
})
export type MerchantListQuery = Infer<typeof MerchantListQuery>

const Named = type({ id: string(), name: string() })

export const MerchantRow = type({
  id: string(),
  email: string(),
  displayName: string(),
  isSubscribedRetailer: boolean(),
  /** The effective role is the franchise owner's (§4): the account uses the whole product now. */
  hasFullAccess: boolean(),
  hasAcceptedCGV: boolean(),
  dateCreated: string(),
  /** The merchant's first franchise: the one its counts, model and stores are about. */
  franchise: nullable(type({ id: string(), name: string(), codeAlpha3: string(), currencyCode: string() })),
  /** Every franchise the merchant owns, oldest first (a merchant may own several). */
  franchises: array(Named),
  loyaltyModel: nullable(type({ id: string(), name: string(), loyaltyType: string() })),
  stores: array(Named),
  clientCount: number(),
  passages30Days: number(),
})
export type MerchantRow = Infer<typeof MerchantRow>

export const MerchantPage = type({
  data: array(MerchantRow),
  metadata: type({ page: number(), size: number(), total: number() }),
})
export type MerchantPage = Infer<typeof MerchantPage>

export const FeatureToggle = object({ feature: enums(FEATURES), isEnabled: boolean() })
export type FeatureToggle = Infer<typeof FeatureToggle>
export const FranchiseFeatures = type({ franchiseId: string(), features: array(string()) })

export const FRANCHISE_TITLE_MAX = 100

const FranchiseTitle = refine(size(trimmed(string()), 1, FRANCHISE_TITLE_MAX), 'title', (v) =>
  v !== '' ? true : 'is required',
)
const CountryCode = refine(string(), 'codeAlpha3', (v) => isKnownCountry(v) || 'is not a known country')

/**
 * POST /api/v2/franchises (staff): a franchise for an existing merchant (userId) or without an owner
 * yet; its country sets the time zone and currency.
 */
export const CreateFranchiseRequest = object({
  title: FranchiseTitle,
  codeAlpha3: CountryCode,
  userId: optional(Id),
})
export type CreateFranchiseRequest = Infer<typeof CreateFranchiseRequest>

export const CreatedFranchise = type({
  id: string(),
  name: string(),
  codeAlpha3: string(),
  currencyCode: string(),
  timezone: string(),
  userId: nullable(string()),
  dateCreated: string(),
})
export type CreatedFranchise = Infer<typeof CreatedFranchise>

/**
 * POST /api/v2/franchise-owner: an owner, invited to choose a password, for either a new franchise
 * ({title, codeAlpha3}) or an existing franchise that has none yet ({franchiseId}), never both.
 */
export const CreateFranchiseOwnerRequest = refine(
  object({
    title: optional(FranchiseTitle),
    codeAlpha3: optional(CountryCode),
    franchiseId: optional(Id),
    email: Email,
    displayName: optional(size(trimmed(string()), 0, 120)),
  }),
  'franchiseOrTitle',
  (v) => {
    if (v.franchiseId !== undefined) {
      if (v.title === undefined && v.codeAlpha3 === undefined) return true
      return {
        path: ['franchiseId'],
        key: 'franchiseId',
        message: 'a franchise and a new title cannot both be given',
      }
    }
    if (v.title === undefined) return { path: ['title'], key: 'title', message: 'is required' }
    if (v.codeAlpha3 === undefined) return { path: ['codeAlpha3'], key: 'codeAlpha3', message: 'is required' }
    return true
  },
)
export type CreateFranchiseOwnerRequest = { email: string; displayName?: string | undefined } & (
  | { title: string; codeAlpha3: string; franchiseId?: undefined }
  | { franchiseId: string; title?: undefined; codeAlpha3?: undefined }
)

export const CreatedFranchiseOwner = type({
  franchise: type({ id: string(), name: string(), codeAlpha3: string(), currencyCode: string() }),
  owner: type({ id: string(), email: string() }),
})
export type CreatedFranchiseOwner = Infer<typeof CreatedFranchiseOwner>

/** The franchise panel's read: details, counts, features, loyalty model and stores in one answer. */
export const FranchisePanel = type({
  franchise: type({
    id: string(),
    name: string(),
    codeAlpha3: string(),
    currencyCode: string(),
    timezone: string(),
    senderId: nullable(string()),
    loyaltyType: string(),
    dateCreated: string(),
  }),
  owner: nullable(
    type({ id: string(), email: string(), displayName: string(), isSubscribedRetailer: boolean() }),
  ),
  clientCount: number(),
  passages30Days: number(),
  features: array(string()),
  loyaltyModel: nullable(type({ id: string(), name: string(), loyaltyType: string() })),
  stores: array(
    type({
      id: string(),
      name: string(),
      settings: type({ hasScannerEnabled: boolean(), hasFullWebAppEnabled: boolean() }),
    }),
  ),
})
export type FranchisePanel = Infer<typeof FranchisePanel>

export const AUDIT_PAGE_SIZE = 20
export const AuditQuery = type({
  page: pageNumber(1, 100_000, 1),
  size: defaulted(queryInt(1, 100), AUDIT_PAGE_SIZE),
})
export const AuditEntry = type({
  id: string(),
  action: string(),
  target: nullable(string()),
  createdAt: string(),
  /** Whose account the write was made on. */
  actorEmail: nullable(string()),
  /** The administrator acting as that account. */
  adminEmail: nullable(string()),
  statusCode: nullable(number()),
  /** What the write set, for its sentence (the feature and its state, the new franchise's title…). */
  details: optional(
    type({
      feature: optional(string()),
      isEnabled: optional(boolean()),
      title: optional(nullable(string())),
      owner: optional(string()),
      senderId: optional(nullable(string())),
    }),
  ),
})
export type AuditEntry = Infer<typeof AuditEntry>

/** The message ids of the audit log's sentences (i18n `admin.audit.actions.*`). */
export type AuditSentence = {
  id:
    | 'featureOn'
    | 'featureOff'
    | 'subscriptionOn'
    | 'subscriptionOff'
    | 'ownerInvited'
    | 'franchiseCreated'
    | 'senderId'
    | 'created'
    | 'updated'
    | 'deleted'
  values: Record<string, string>
  /** A feature to name in the sentence (translated by the page). */
  feature?: string
}

/** '/api/v2/franchises/:id/loyalty-model' → 'franchises › loyalty model': what a write touched. */
const routeSubject = (route: string) =>
  route
    .replace(/^\/api\/v\d+\//, '')
    .split('/')
    .filter((seg) => seg && !seg.startsWith(':'))
    .map((seg) => seg.replace(/-/g, ' '))
    .join(' › ')

/**
 * A readable sentence for an audit entry instead of its raw "METHOD /route" (issue 24): the staff
 * actions by name, any other write (made while acting as the merchant) by its verb and subject.
 */
export function auditSentence(e: Pick<AuditEntry, 'action' | 'details'>): AuditSentence {
  const [method = '', route = ''] = e.action.split(' ')
  const d = e.details ?? {}
  if (route === '/api/v2/franchises/:id/features')
    return { id: d.isEnabled ? 'featureOn' : 'featureOff', values: {}, feature: d.feature ?? '' }
  if (route === '/api/v2/users/:id/activate-subscription') return { id: 'subscriptionOn', values: {} }
  if (route === '/api/v2/users/:id/deactivate-subscription') return { id: 'subscriptionOff', values: {} }
  if (route === '/api/v2/franchise-owner') return { id: 'ownerInvited', values: { owner: d.owner ?? '' } }
  if (method === 'POST' && route === '/api/v2/franchises')
    return { id: 'franchiseCreated', values: { title: d.title ?? '' } }
  if (route === '/api/v2/franchises/:id/sender-id')
    return { id: 'senderId', values: { senderId: d.senderId ?? '' } }
  const subject = routeSubject(route)
  return {
    id: method === 'POST' ? 'created' : method === 'DELETE' ? 'deleted' : 'updated',
    values: { subject },
  }
}
export const AuditPage = type({
  data: array(AuditEntry),
  metadata: type({ page: number(), size: number(), total: number() }),
})
export type AuditPage = Infer<typeof AuditPage>

// ——— The create franchise (+ owner) forms (browser) ———

export type FranchiseForm = { title: string; codeAlpha3: string }
export type OwnerForm = { email: string; displayName: string }
export type FranchiseOwnerForm = FranchiseForm & OwnerForm
export type FranchiseOwnerFormErrors = Partial<Record<keyof FranchiseOwnerForm, string>>
export const EMPTY_FRANCHISE_OWNER_FORM: FranchiseOwnerForm = {
  title: '',
  codeAlpha3: 'FRA',
  email: '',
  displayName: '',
}
export const EMPTY_OWNER_FORM: OwnerForm = { email: '', displayName: '' }
export { COUNTRY_CODES }

/** §6 Franchise: title required (and not too long), a known country. Message ids per field. */
export function validateFranchiseForm(v: FranchiseForm): FranchiseOwnerFormErrors {
  const errors: FranchiseOwnerFormErrors = {}
  if (!v.title.trim()) errors.title = 'admin.create.errors.titleRequired'
  else if (v.title.trim().length > FRANCHISE_TITLE_MAX) errors.title = 'admin.create.errors.titleTooLong'
  if (!isKnownCountry(v.codeAlpha3)) errors.codeAlpha3 = 'admin.create.errors.country'
  return errors
}

/** The owner: an e-mail (required, well formed); the name is optional. */
export function validateOwnerForm(v: OwnerForm): FranchiseOwnerFormErrors {
  const email = v.email.trim()
  if (!email) return { email: 'admin.create.errors.emailRequired' }
  if (!EMAIL_PATTERN.test(email)) return { email: 'admin.create.errors.emailInvalid' }
  return {}
}

/** §6 Franchise: title required, a known country; the owner's e-mail. Message ids per field. */
export function validateFranchiseOwnerForm(v: FranchiseOwnerForm): FranchiseOwnerFormErrors {
  return { ...validateFranchiseForm(v), ...validateOwnerForm(v) }
}

const ownerFields = (v: OwnerForm) => {
  const displayName = v.displayName.trim()
  return { email: v.email.trim(), ...(displayName ? { displayName } : {}) }
}

export function toCreateFranchiseOwnerRequest(v: FranchiseOwnerForm): CreateFranchiseOwnerRequest {
  return { title: v.title.trim(), codeAlpha3: v.codeAlpha3, ...ownerFields(v) }
}

/** The owner of an existing franchise that has none yet. */
export function toCreateOwnerRequest(franchiseId: string, v: OwnerForm): CreateFranchiseOwnerRequest {
  return { franchiseId, ...ownerFields(v) }
}

export function toCreateFranchiseRequest(v: FranchiseForm, userId?: string): CreateFranchiseRequest {
  return { title: v.title.trim(), codeAlpha3: v.codeAlpha3, ...(userId ? { userId } : {}) }
}

/**
 * E-mail the offline mail adapter delivered to an address (its outbox), newest first: staff read a
 * sign-up link or a notice there for a merchant whose mail never arrives (issue 34). Not kept with a
 * real mail provider.
 */
export const MailOutboxQuery = object({ recipient: size(string(), 1, 254) })
export const MailOutboxEntry = type({
  recipient: string(),
  subject: nullable(string()),
  body: string(),
  sentAt: nullable(string()),
})
export const MailOutboxList = array(MailOutboxEntry)
