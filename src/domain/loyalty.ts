// The loyalty card and its offers (SPEC §3 loyalty model and offer, §5 card and offer rules, §7
// "Loyalty", §8 loyalty messages). The same rules run in the server (400 naming the field, with the §8
// message id in details.messageId) and in the card and offer machines (errors as you type).
import { array, boolean, type Infer, nullable, number, object, optional, string, type } from 'superstruct'
import { toCents } from './clients'
import { LOYALTY_TYPES, type LoyaltyType } from './constants'
import { isId } from './ids'
import { isStorableDate } from './input'
import { isImageUrl } from './stores'

export const OFFER_TYPES = ['FLAT', 'PERCENTAGE', 'PRODUCT'] as const
export type OfferType = (typeof OFFER_TYPES)[number]
export const OFFER_STATUSES = ['ACTIVE', 'ARCHIVED'] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]
/** PRODUCT offers: the cheapest (LOW_PRICE) or the most expensive (HIGH_PRICE) listed product. */
export const PRODUCT_PRIORITIES = ['LOW_PRICE', 'HIGH_PRICE'] as const
export type ProductPriority = (typeof PRODUCT_PRIORITIES)[number]

/** §9 offer description 10 to 80 characters; §5 percentage max 100. */
export const OFFER_DESCRIPTION_MIN = 10
export const OFFER_DESCRIPTION_MAX = 80
export const PERCENTAGE_MAX = 100
export const NAME_MAX = 80
export const EARN_RATE_MAX = 10_000
export const POINTS_MAX = 1_000_000
/** Seconds: the franchise page allows up to 31 days between two visits. */
export const MIN_TIME_MAX = 31 * 24 * 3600
export const PRODUCT_IDS_MAX = 200

export const isLoyaltyType = (v: unknown): v is LoyaltyType =>
  typeof v === 'string' && (LOYALTY_TYPES as readonly string[]).includes(v)
export const isOfferType = (v: unknown): v is OfferType =>
  typeof v === 'string' && (OFFER_TYPES as readonly string[]).includes(v)

// ——— Shapes of the calls ———

/** GET /api/v2/franchises/{id}/loyalty-model (the contract the other screens read). */
export const LoyaltyModel = type({
  id: string(),
  franchiseId: string(),
  name: string(),
  image: nullable(string()),
  loyaltyType: string(),
  earnRate: number(),
  maxPoints: nullable(number()),
  hasMaxPointsEnabled: boolean(),
  /** Seconds (the franchise's tagScanInterval). */
  minTimeBetweenVisits: number(),
  storeIds: array(string()),
  posProductIds: array(string()),
})
export type LoyaltyModel = Infer<typeof LoyaltyModel>

/**
 * POST /api/LoyaltyModels and PUT /api/v2/loyalty-models/{id}: the shape only; `cardErrors` holds the
 * rules. §5: maxPoints is a number or omitted; hasMaxPointsEnabled is true only when sent so.
 */
export const LoyaltyCardInput = object({
  name: string(),
  image: optional(nullable(string())),
  maxPoints: optional(nullable(number())),
  hasMaxPointsEnabled: optional(boolean()),
  minTimeBetweenVisits: optional(number()),
  loyaltyType: optional(nullable(string())),
  earnRate: number(),
  storeIds: optional(nullable(array(string()))),
  posProductIds: optional(array(string())),
})
export type LoyaltyCardInput = Infer<typeof LoyaltyCardInput>

export const LoyaltyTypeInput = object({ loyaltyType: optional(nullable(string())) })

export const LoyaltyOffer = type({
  id: string(),
  loyaltyModelId: string(),
  name: string(),
  description: string(),
  image: nullable(string()),
  redeemPointAmount: number(),
  type: string(),
  /** FLAT: cents; PERCENTAGE: percent; PRODUCT: null. */
  value: nullable(number()),
  currencyCode: nullable(string()),
  posProductIds: array(string()),
  productPriority: nullable(string()),
  expirationDate: nullable(string()),
  status: string(),
  statusUpdated: string(),
  redeemedCount: optional(number()),
  lastRedeemDate: nullable(string()),
  dateCreated: string(),
})
export type LoyaltyOffer = Infer<typeof LoyaltyOffer>
export const OfferList = array(LoyaltyOffer)

export const OfferInput = object({
  name: string(),
  description: string(),
  image: optional(nullable(string())),
  redeemPointAmount: number(),
  type: optional(nullable(string())),
  value: optional(nullable(number())),
  posProductIds: optional(nullable(array(string()))),
  productPriority: optional(nullable(string())),
  /** An ISO date (YYYY-MM-DD) or date-time; null: no expiry. */
  expirationDate: optional(nullable(string())),
})
export type OfferInput = Infer<typeof OfferInput>

export const OfferStatusInput = object({ status: string() })

// ——— §5 rules: field → §8 message id ———

export type CardField =
  | 'name'
  | 'image'
  | 'maxPoints'
  | 'minTimeBetweenVisits'
  | 'loyaltyType'
  | 'earnRate'
  | 'storeIds'
  | 'posProductIds'
export type CardErrors = Partial<Record<CardField, string>>

const isWhole = (v: unknown, lo: number, hi: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi
const goodIds = (ids: readonly unknown[]) =>
  ids.length <= PRODUCT_IDS_MAX &&
  ids.every((s) => typeof s === 'string' && s.trim() !== '' && s.length <= 100)

export function cardErrors(c: Partial<LoyaltyCardInput>): CardErrors {
  const e: CardErrors = {}
  if (!c.name || c.name.trim() === '' || c.name.length > NAME_MAX) e.name = 'loyalty.errors.name'
  if (c.image && !isImageUrl(c.image)) e.image = 'loyalty.errors.image'
  if (c.maxPoints !== undefined && c.maxPoints !== null && !isWhole(c.maxPoints, 1, POINTS_MAX))
    e.maxPoints = 'loyalty.errors.maxPoints'
  if (c.minTimeBetweenVisits !== undefined && !isWhole(c.minTimeBetweenVisits, 0, MIN_TIME_MAX))
    e.minTimeBetweenVisits = 'loyalty.errors.minTime'
  if (!isLoyaltyType(c.loyaltyType)) e.loyaltyType = 'loyalty.loyaltyTypeError'
  if (!isWhole(c.earnRate, 1, EARN_RATE_MAX)) e.earnRate = 'loyalty.errors.earnRate'
  if (!c.storeIds || c.storeIds.length === 0) e.storeIds = 'loyalty.storeError'
  else if (!c.storeIds.every(isId)) e.storeIds = 'loyalty.errors.stores'
  if (c.posProductIds && !goodIds(c.posProductIds)) e.posProductIds = 'loyalty.errors.products'
  return e
}

export type OfferField =
  | 'name'
  | 'description'
  | 'image'
  | 'redeemPointAmount'
  | 'type'
  | 'value'
  | 'posProductIds'
  | 'productPriority'
  | 'expirationDate'
export type OfferErrors = Partial<Record<OfferField, string>>

export function offerErrors(o: Partial<OfferInput>): OfferErrors {
  const e: OfferErrors = {}
  if (!o.name || o.name.trim() === '' || o.name.length > NAME_MAX) e.name = 'loyalty.errors.offerName'
  const d = o.description?.trim() ?? ''
  if (d.length < OFFER_DESCRIPTION_MIN || d.length > OFFER_DESCRIPTION_MAX)
    e.description = 'loyalty.errors.description'
  if (o.image && !isImageUrl(o.image)) e.image = 'loyalty.errors.image'
  if (!isWhole(o.redeemPointAmount, 1, POINTS_MAX)) e.redeemPointAmount = 'loyalty.valueError'
  if (!isOfferType(o.type)) e.type = 'loyalty.typeError'
  // §5: value, if present, a positive whole number; FLAT and PERCENTAGE carry one.
  const hasValue = o.value !== undefined && o.value !== null
  if (hasValue && !isWhole(o.value, 1, 100_000_000)) e.value = 'loyalty.valueError'
  else if ((o.type === 'FLAT' || o.type === 'PERCENTAGE') && !hasValue) e.value = 'loyalty.valueError'
  else if (o.type === 'PERCENTAGE' && (o.value ?? 0) > PERCENTAGE_MAX) e.value = 'loyalty.percentageError'
  if (o.type === 'PRODUCT') {
    if (!o.posProductIds || o.posProductIds.length === 0 || !goodIds(o.posProductIds))
      e.posProductIds = 'loyalty.errors.products'
    if (!(PRODUCT_PRIORITIES as readonly unknown[]).includes(o.productPriority))
      e.productPriority = 'loyalty.errors.priority'
  }
  // A date PostgreSQL can store (year 1–9999): '0000-01-01' or '+275760-…' parse, yet would fail there.
  if (o.expirationDate && !isStorableDate(o.expirationDate)) e.expirationDate = 'loyalty.errors.expiration'
  return e
}

/** The first failing field, in the order a reader meets them: what a 400 names. */
export const firstError = <F extends string>(errors: Partial<Record<F, string>>) => {
  const [entry] = Object.entries(errors) as [F, string][]
  return entry ? { field: entry[0], messageId: entry[1] } : null
}

// ——— The forms (text as typed) and the bodies they send ———

/** "a, b ,c" → ['a', 'b', 'c'] (product ids typed by hand, or kept by the picker). */
export const splitIds = (text: string) => [
  ...new Set(
    text
      .split(/[,\n]/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
]
export const joinIds = (ids: readonly string[]) => ids.join(', ')
/** Adds or removes one product id of a comma-separated list (the picker's checkbox). */
export const toggleId = (text: string, id: string) => {
  const ids = splitIds(text)
  return joinIds(ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id])
}

/**
 * A free-product offer's products by name, as the points of sale call them: an id no point of sale
 * lists (a product since removed) stays as its id, never a blank.
 */
export const productNames = (ids: readonly string[], products: readonly { id: string; name: string }[]) =>
  ids.map((id) => products.find((p) => p.id === id)?.name ?? id)

/** '' → undefined (omitted); anything else a number, NaN when not one (the rule then names the field). */
const numberOrOmitted = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()))

export type CardForm = {
  name: string
  image: string
  maxPoints: string
  hasMaxPointsEnabled: boolean
  /** Minutes in the form, seconds on the wire. */
  minTimeMinutes: string
  loyaltyType: string
  earnRate: string
  storeIds: string[]
  posProductIds: string
}

export const emptyCardForm = (storeIds: string[]): CardForm => ({
  name: '',
  image: '',
  maxPoints: '',
  hasMaxPointsEnabled: false,
  minTimeMinutes: '0',
  loyaltyType: '',
  earnRate: '1',
  storeIds,
  posProductIds: '',
})

export const cardToForm = (m: LoyaltyModel): CardForm => ({
  name: m.name,
  image: m.image ?? '',
  maxPoints: m.maxPoints === null ? '' : String(m.maxPoints),
  hasMaxPointsEnabled: m.hasMaxPointsEnabled,
  minTimeMinutes: String(Math.round(m.minTimeBetweenVisits / 60)),
  loyaltyType: m.loyaltyType,
  earnRate: String(m.earnRate),
  storeIds: [...m.storeIds],
  posProductIds: joinIds(m.posProductIds),
})

export function cardFormToInput(f: CardForm): LoyaltyCardInput {
  const max = numberOrOmitted(f.maxPoints)
  const minutes = numberOrOmitted(f.minTimeMinutes)
  return {
    name: f.name.trim(),
    image: f.image.trim() || null,
    // §5: maxPoints a number or omitted if falsy; hasMaxPointsEnabled true only if set.
    ...(max ? { maxPoints: max } : {}),
    ...(f.hasMaxPointsEnabled && max ? { hasMaxPointsEnabled: true } : {}),
    minTimeBetweenVisits: minutes === undefined ? 0 : minutes * 60,
    loyaltyType: f.loyaltyType || null,
    earnRate: numberOrOmitted(f.earnRate) ?? Number.NaN,
    storeIds: f.storeIds,
    posProductIds: f.loyaltyType === 'POS_PRODUCTS' ? splitIds(f.posProductIds) : [],
  }
}

export function cardFormErrors(f: CardForm): CardErrors {
  const e = cardErrors(cardFormToInput(f))
  const max = f.maxPoints.trim()
  if ((max !== '' && !isWhole(Number(max), 0, POINTS_MAX)) || (f.hasMaxPointsEnabled && !Number(max)))
    e.maxPoints = 'loyalty.errors.maxPoints'
  if (f.loyaltyType === 'POS_PRODUCTS' && splitIds(f.posProductIds).length === 0)
    e.posProductIds = 'loyalty.errors.products'
  return e
}

export type OfferForm = {
  name: string
  description: string
  image: string
  redeemPointAmount: string
  type: string
  /** FLAT: whole currency units or a decimal (12 or 12,50); PERCENTAGE: a whole percent. */
  value: string
  posProductIds: string
  productPriority: string
  /** YYYY-MM-DD or ''. */
  expirationDate: string
}

export const emptyOfferForm = (): OfferForm => ({
  name: '',
  description: '',
  image: '',
  redeemPointAmount: '',
  type: '',
  value: '',
  posProductIds: '',
  productPriority: 'LOW_PRICE',
  expirationDate: '',
})

export const offerToForm = (o: LoyaltyOffer): OfferForm => ({
  name: o.name,
  description: o.description,
  image: o.image ?? '',
  redeemPointAmount: String(o.redeemPointAmount),
  type: o.type,
  value:
    o.value === null
      ? ''
      : o.type === 'FLAT'
        ? (o.value / 100).toFixed(o.value % 100 === 0 ? 0 : 2)
        : String(o.value),
  posProductIds: joinIds(o.posProductIds),
  productPriority: o.productPriority ?? 'LOW_PRICE',
  expirationDate: o.expirationDate ? o.expirationDate.slice(0, 10) : '',
})

export function offerFormToInput(f: OfferForm): OfferInput {
  const text = f.value.trim()
  // FLAT values travel in cents; a value that is not a decimal stays NaN so the rule names it.
  const value =
    f.type === 'PRODUCT' || text === ''
      ? null
      : f.type === 'FLAT'
        ? (toCents(text) ?? Number.NaN)
        : Number(text)
  return {
    name: f.name.trim(),
    description: f.description.trim(),
    image: f.image.trim() || null,
    redeemPointAmount: numberOrOmitted(f.redeemPointAmount) ?? Number.NaN,
    type: f.type || null,
    value,
    posProductIds: f.type === 'PRODUCT' ? splitIds(f.posProductIds) : null,
    productPriority: f.type === 'PRODUCT' ? f.productPriority : null,
    expirationDate: f.expirationDate || null,
  }
}

export const offerFormErrors = (f: OfferForm): OfferErrors => offerErrors(offerFormToInput(f))

/** Offers in the order of §3: redeem points ascending (then name, so the order is stable). */
export const sortOffers = <T extends { redeemPointAmount: number; name: string }>(offers: readonly T[]) =>
  [...offers].sort((a, b) => a.redeemPointAmount - b.redeemPointAmount || a.name.localeCompare(b.name))

/** A product a point of sale reported (GET /stores/{id}/products). */
export const PosProduct = type({
  id: string(),
  name: string(),
  priceCents: number(),
  currencyCode: string(),
})
export type PosProduct = Infer<typeof PosProduct>
