// The audience filters as a form (§3 campaignFilters, §5 rules), everything but the choice of stores:
// the fields as typed, what an edit may change, the filters they become with the typing's errors and
// the §5 rules' (filterErrors), and the form of stored filters. Shared by the campaign editor's target
// step (campaign-draft.ts adds the stores) and the automated-marketing editor (automation-draft.ts).
import { isIsoDay } from './analytics'
import { type CampaignFilters, CLIENT_SOURCES, filterErrors } from './campaigns'
import { type AcquisitionSource, CLIENT_TYPES, type ClientType } from './clients'

/** The numeric filters, typed as text (an empty field does not filter). */
export const NUMBER_FILTERS = [
  'minAge',
  'maxAge',
  'minLoyaltyPoints',
  'maxLoyaltyPoints',
  'minCollectedPoints',
  'maxCollectedPoints',
  'minAverageBasket',
  'maxAverageBasket',
  'minWeeklyAverageBasket',
  'maxWeeklyAverageBasket',
  'minNbPassageTransactions',
  'maxNbPassageTransactions',
] as const
export type NumberFilter = (typeof NUMBER_FILTERS)[number]
/** Counts are whole numbers; amounts and points may not be (the basket is in currency units). */
const WHOLE = new Set<NumberFilter>([
  'minAge',
  'maxAge',
  'minNbPassageTransactions',
  'maxNbPassageTransactions',
])

export type AudienceForm = Record<NumberFilter, string> & {
  gender: '' | 'men' | 'women'
  startPassageDate: string
  endPassageDate: string
  /** Postcodes separated by commas or spaces. */
  zipOrPostcodes: string
  radiusKm: string
  radiusPostcode: string
  originProviderId: string
  clientsAcquiredFrom: AcquisitionSource[]
  clientsTypes: ClientType[]
}
/** The fields typed as text. */
export type TextFilter = Exclude<keyof AudienceForm, 'gender' | 'clientsAcquiredFrom' | 'clientsTypes'>
/** The fields an edit sets to a value, and the lists whose values an edit toggles. */
export type AudienceField = TextFilter | 'gender'
export type AudienceList = 'clientsAcquiredFrom' | 'clientsTypes'

export const EMPTY_AUDIENCE: AudienceForm = {
  minAge: '',
  maxAge: '',
  gender: '',
  minLoyaltyPoints: '',
  maxLoyaltyPoints: '',
  minCollectedPoints: '',
  maxCollectedPoints: '',
  minAverageBasket: '',
  maxAverageBasket: '',
  minWeeklyAverageBasket: '',
  maxWeeklyAverageBasket: '',
  startPassageDate: '',
  endPassageDate: '',
  minNbPassageTransactions: '',
  maxNbPassageTransactions: '',
  zipOrPostcodes: '',
  radiusKm: '',
  radiusPostcode: '',
  originProviderId: '',
  clientsAcquiredFrom: [],
  clientsTypes: [],
}

/** Error codes by field: message-id suffixes (`communication.errors.<code>`, see errorId in src/ui). */
export type FieldErrors = Partial<Record<string, string>>

const TEXT_FILTERS = new Set<string>([
  ...NUMBER_FILTERS,
  'startPassageDate',
  'endPassageDate',
  'zipOrPostcodes',
  'radiusKm',
  'radiusPostcode',
  'originProviderId',
])
/** Longer than any real filter value: a paste is cut, not kept. */
const MAX_FILTER_TEXT = 200

/** The form after setting `field` to `value`; the same object when the value is not one it takes. */
export function setAudienceField<F extends AudienceForm>(f: F, field: string, value: string): F {
  if (field === 'gender')
    return value === '' || value === 'men' || value === 'women' ? { ...f, gender: value } : f
  if (TEXT_FILTERS.has(field)) return { ...f, [field]: value.slice(0, MAX_FILTER_TEXT) }
  return f
}

const toggled = <T extends string>(list: readonly T[], value: T) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value]

/** The form with `value` added to or removed from a list; the same object for an unknown value. */
export function toggleAudienceValue<F extends AudienceForm>(f: F, field: string, value: string): F {
  if (field === 'clientsTypes' && (CLIENT_TYPES as readonly string[]).includes(value))
    return { ...f, clientsTypes: toggled(f.clientsTypes, value as ClientType) }
  if (field === 'clientsAcquiredFrom' && (CLIENT_SOURCES as readonly string[]).includes(value))
    return { ...f, clientsAcquiredFrom: toggled(f.clientsAcquiredFrom, value as AcquisitionSource) }
  return f
}

/** A typed number: undefined when empty, 'NaN' when not a number (or not whole when it must be). */
export const numberOf = (text: string, whole: boolean): number | 'NaN' | undefined => {
  const t = text.trim().replace(',', '.')
  if (t === '') return undefined
  if (!/^-?\d+(\.\d+)?$/.test(t)) return 'NaN'
  const n = Number(t)
  return whole && !Number.isInteger(n) ? 'NaN' : n
}
const postcodesOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter(Boolean)

/** The filters as the calls take them, and the fields that are not numbers or days. */
export function readAudience(f: AudienceForm): { filters: CampaignFilters; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const filters: CampaignFilters = {}
  for (const key of NUMBER_FILTERS) {
    const n = numberOf(f[key], WHOLE.has(key))
    if (n === 'NaN') errors[key] = 'notANumber'
    else if (n !== undefined) filters[key] = n
  }
  if (f.gender) filters.gender = f.gender
  for (const key of ['startPassageDate', 'endPassageDate'] as const) {
    if (f[key] === '') continue
    if (isIsoDay(f[key])) filters[key] = f[key]
    else errors[key] = 'invalidDate'
  }
  const postcodes = postcodesOf(f.zipOrPostcodes)
  if (postcodes.length) filters.zipOrPostcodes = postcodes
  if (f.radiusKm.trim() || f.radiusPostcode.trim()) {
    const km = numberOf(f.radiusKm, false)
    if (km === undefined || km === 'NaN' || km <= 0 || km > 200) errors.radiusKm = 'radius'
    if (!f.radiusPostcode.trim()) errors.radiusPostcode = 'required'
    if (typeof km === 'number' && f.radiusPostcode.trim())
      filters.radius = { km, center: { postcode: f.radiusPostcode.trim() } }
  }
  if (f.originProviderId.trim()) filters.originProviderId = f.originProviderId.trim()
  if (f.clientsAcquiredFrom.length) filters.clientsAcquiredFrom = f.clientsAcquiredFrom
  if (f.clientsTypes.length) filters.clientsTypes = f.clientsTypes
  return { filters, errors }
}

/** The errors by field of filters read from a form: the typing's, then the §5 rules (filterErrors). */
export function withRuleErrors(read: { filters: CampaignFilters; errors: FieldErrors }): FieldErrors {
  const errors = { ...read.errors }
  for (const e of filterErrors(read.filters)) errors[e.field] ??= e.code
  return errors
}

/** The audience form's errors by field (empty: the filters may be saved). */
export const audienceErrors = (f: AudienceForm): FieldErrors => withRuleErrors(readAudience(f))

const text = (n: number | undefined | null) => (n === undefined || n === null ? '' : String(n))

/** Stored filters as the form shows them (the stores aside). */
export function audienceFormOf(f: CampaignFilters): AudienceForm {
  const form: AudienceForm = {
    ...EMPTY_AUDIENCE,
    gender: f.gender ?? '',
    startPassageDate: f.startPassageDate ?? '',
    endPassageDate: f.endPassageDate ?? '',
    zipOrPostcodes: (f.zipOrPostcodes ?? []).join(', '),
    radiusKm: text(f.radius?.km),
    radiusPostcode: f.radius && 'postcode' in f.radius.center ? f.radius.center.postcode : '',
    originProviderId: f.originProviderId ?? '',
    clientsAcquiredFrom: f.clientsAcquiredFrom ?? [],
    clientsTypes: f.clientsTypes ?? [],
  }
  for (const key of NUMBER_FILTERS) form[key] = text(f[key])
  return form
}
