// The customer scan page (issue 5): the tag's public address, the validation countdown, and the
// shapes both sides check for `GET /api/public/scan/:uid` and `POST /api/public/scan/:uid/collect`.
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  pattern,
  size,
  string,
  trimmed,
  type,
} from 'superstruct'
import { isManualAmountCard, isPosCard } from './earning'
import { LOCALES } from './locale'
import { ScanNews } from './news'

/** Seconds the customer has to confirm before the page goes back to the phone entry. */
export const SCAN_COUNTDOWN_SECONDS = 10

/** Where the phone number of the last visit is remembered on the customer's device. */
export const SCAN_PHONE_STORAGE_KEY = 'scan.phone'

/** Tag ids: random (older tags may be readable slugs); nothing that could leave the path. */
export const TAG_UID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/
export const TagUid = pattern(string(), TAG_UID_PATTERN)

/**
 * Presence codes (issue 16 #5): a visit earns points only with the code the store's scanner screen
 * shows, which changes every window; the code of the window before is still accepted (the grace),
 * so a customer who scanned just before the change has one more window to type a phone number.
 * A code is therefore valid for 30 to 60 seconds after it was scanned.
 */
export const PRESENCE_WINDOW_SECONDS = 30
/** Windows before the current one whose code is still accepted. */
export const PRESENCE_GRACE_WINDOWS = 1
/** Characters of base64url HMAC a code keeps (72 bits: not guessable within the rate limits). */
export const PRESENCE_CODE_LENGTH = 12
export const PRESENCE_CODE_PATTERN = /^[A-Za-z0-9_-]{12}$/
/** The address's query parameter carrying the code. */
export const PRESENCE_CODE_PARAM = 'c'

const WINDOW_MS = PRESENCE_WINDOW_SECONDS * 1000
/** The window a time (ms since the epoch) falls in. */
export const presenceWindow = (nowMs: number) => Math.floor(nowMs / WINDOW_MS)
/** When the window starts showing the next code (ms since the epoch). */
export const presenceWindowEnd = (window: number) => (window + 1) * WINDOW_MS
/** The windows whose code is accepted at a time: the current one first, then the grace. */
export const acceptedPresenceWindows = (nowMs: number) => {
  const w = presenceWindow(nowMs)
  return Array.from({ length: PRESENCE_GRACE_WINDOWS + 1 }, (_, i) => w - i)
}

/** What the scanner screen reads: the code to show, and in how long to read the next one. */
export const PresenceCode = type({
  code: string(),
  /** ISO date when the next code starts showing. */
  expiresAt: string(),
  /** Milliseconds until then, by the server's clock (the screen's own clock may be off). */
  refreshInMs: integer(),
})
export type PresenceCode = Infer<typeof PresenceCode>

/** The page a tag's QR code opens (the QR code encodes this URL, with the store's current code). */
export function scanUrl(origin: string, tagUid: string, code?: string | null): string {
  const url = `${origin.replace(/\/+$/, '')}/scan/${encodeURIComponent(tagUid)}`
  return code ? `${url}?${PRESENCE_CODE_PARAM}=${encodeURIComponent(code)}` : url
}

/**
 * The tag id and presence code in a decoded QR code: a URL (any origin: only its path and query are
 * used, within this app) or a path whose path is /scan/<uid>; null for anything else.
 */
export function scanAddressOf(text: string): { uid: string; code: string | null } | null {
  let url: URL
  try {
    url = new URL(text.trim(), 'http://local.invalid')
  } catch {
    return null
  }
  const m = /^\/scan\/([^/]+)\/?$/.exec(url.pathname)
  if (!m) return null
  let uid: string
  try {
    uid = decodeURIComponent(m[1]!)
  } catch {
    return null
  }
  if (!TAG_UID_PATTERN.test(uid)) return null
  return { uid, code: presenceCodeOf(url.searchParams.get(PRESENCE_CODE_PARAM)) }
}

/** The tag id in a decoded QR code (see scanAddressOf). */
export const tagUidFromScan = (text: string): string | null => scanAddressOf(text)?.uid ?? null

/** A presence code as read from an address: null unless it has a code's shape. */
export const presenceCodeOf = (value: string | null | undefined): string | null =>
  value && PRESENCE_CODE_PATTERN.test(value) ? value : null

/** Whether the card's points come from a visit (the store's code proves it), not a sale or receipt. */
export const isVisitCard = (loyaltyType: string) =>
  !isManualAmountCard(loyaltyType) && !isPosCard(loyaltyType)

/** What the customer sends to collect (a receipt id for the point-of-sale cards, the store's code for a visit). */
export const CollectInput = object({
  phone: size(trimmed(string()), 1, 40),
  receiptId: optional(size(trimmed(string()), 1, 100)),
  /** Any text up to 100: a wrong one is refused as PRESENCE_CODE_INVALID, not as a malformed body. */
  code: optional(size(string(), 1, 100)),
})
export type CollectInput = Infer<typeof CollectInput>

export const ScanOffer = type({
  id: string(),
  name: string(),
  description: string(),
  redeemPointAmount: integer(),
})
export type ScanOffer = Infer<typeof ScanOffer>

/** The public view of a tag: nothing about any client. */
export const ScanInfo = type({
  tag: type({ uid: string(), name: string() }),
  store: type({
    id: string(),
    name: string(),
    logo: nullable(string()),
    currencyCode: string(),
    /** ISO 3166 alpha-2, for the phone numbers typed without their country code. */
    country: string(),
  }),
  franchise: type({
    name: string(),
    logo: nullable(string()),
    theme: type({ primaryColor: string(), secondaryColor: string(), tertiaryColor: string() }),
  }),
  card: nullable(
    type({ name: string(), image: nullable(string()), loyaltyType: string(), earnRate: number() }),
  ),
  /** Points a store put on the tag (MANUAL_AMOUNT), waiting to be collected. */
  pending: nullable(
    type({ points: integer(), amountCents: integer(), currencyCode: string(), expiresAt: string() }),
  ),
  needsReceipt: boolean(),
  /** A visit needs the code the store's scanner screen shows (the franchise has no static tags). */
  needsPresenceCode: boolean(),
  offers: array(ScanOffer),
  /** The store's live news and happy hours for anyone (customers-only ones come with the collect). */
  news: array(ScanNews),
})
export type ScanInfo = Infer<typeof ScanInfo>

export const ScanCoupon = type({
  id: string(),
  /** The code to give at the counter (issue 34); answers stored before it have none. */
  code: optional(string()),
  header: string(),
  type: string(),
  value: nullable(number()),
  currencyCode: nullable(string()),
  expiresAt: string(),
})
export type ScanCoupon = Infer<typeof ScanCoupon>

/**
 * What only the phone's owner sees (issue 24 #4): their name, balance, the offers it pays for and
 * their coupons. A device proves the owner with a one-time SMS code, then a remembered cookie.
 */
export const ScanCard = type({
  firstName: nullable(string()),
  balance: integer(),
  /** Offers the balance pays for now. */
  redeemable: array(ScanOffer),
  /** The other active offers, with the points still missing. */
  upcoming: array(type({ offer: ScanOffer, missingPoints: integer() })),
  coupons: array(ScanCoupon),
  /** The store's live news, customers-only ones included: the customer is known. */
  news: optional(array(ScanNews)),
})
export type ScanCard = Infer<typeof ScanCard>

/**
 * The answer to a collect: the points credited, and the card when this device has proven the phone
 * (`isOwner`); otherwise nothing about the client (null balance, no name, offers or coupons). Answers
 * stored before issue 24 have no `isOwner`: they were the owner's view.
 */
export const CollectResult = type({
  transactionId: string(),
  /** Only to the device that proved the phone: before a code, nothing says whose number it is. */
  clientId: optional(string()),
  points: integer(),
  isOwner: optional(boolean()),
  balance: nullable(integer()),
  firstName: nullable(string()),
  redeemable: array(ScanOffer),
  upcoming: array(type({ offer: ScanOffer, missingPoints: integer() })),
  coupons: array(ScanCoupon),
  news: optional(array(ScanNews)),
})
export type CollectResult = Infer<typeof CollectResult>

/** Splits the card's active offers (cheapest first) into those the balance pays for and the rest. */
export function splitOffers(offers: readonly ScanOffer[], balance: number) {
  const sorted = [...offers].sort((a, b) => a.redeemPointAmount - b.redeemPointAmount)
  return {
    redeemable: sorted.filter((o) => o.redeemPointAmount <= balance),
    upcoming: sorted
      .filter((o) => o.redeemPointAmount > balance)
      .map((offer) => ({ offer, missingPoints: offer.redeemPointAmount - balance })),
  }
}

/** The §8 message of a collect refusal, by the server's code. */
export function collectErrorMessage(code: string): string {
  switch (code) {
    case 'RECEIPT_NOT_FOUND':
      return 'pages.scan.errors.noReceipt'
    case 'RECEIPT_ALREADY_LINKED':
      return 'pages.scan.errors.notLinked'
    case 'NOTHING_TO_COLLECT':
      return 'pages.scan.errors.nothingToCollect'
    case 'VISIT_TOO_SOON':
      return 'pages.scan.errors.tooSoon'
    case 'MAX_POINTS_REACHED':
      return 'pages.scan.errors.maxPoints'
    case 'INVALID_PHONE':
      return 'pages.scan.errors.invalidPhone'
    case 'NO_LOYALTY_CARD':
      return 'pages.scan.errors.noCard'
    case 'TOO_MANY_SCANS':
      return 'pages.scan.errors.tooMany'
    case 'PRESENCE_CODE_INVALID':
      return 'pages.scan.errors.presenceCode'
    case 'STATIC_VISIT_CAP_REACHED':
      return 'pages.scan.errors.staticCap'
    default:
      return 'pages.scan.errors.generic'
  }
}

/** The confirmation SMS (≤ 160 GSM characters): French for French franchises, else English. */
// Typographic quotes and dashes are not GSM characters: one would turn the SMS into UCS-2 (70 chars).
export const smsName = (franchiseName: string) =>
  franchiseName
    .replace(/[’‘]/g, "'")
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7EàéèùìòÇÉÄÖÑÜäöñüßÅåØøÆæ]/g, '')
    .slice(0, 40)

export function scanSmsText(
  language: 'fr' | 'en',
  m: { franchiseName: string; points: number; balance: number },
): string {
  const name = smsName(m.franchiseName)
  return language === 'fr'
    ? `${name} : ${m.points} points crédités. Nouveau solde : ${m.balance} points. Merci de votre visite !`
    : `${name}: ${m.points} points credited. New balance: ${m.balance} points. Thank you for your visit!`
}

/** The one-time code that lets a customer see their card on the scan page (issue 24 #4). */
export function scanCodeSmsText(language: 'fr' | 'en', franchiseName: string, code: string): string {
  const name = smsName(franchiseName)
  return language === 'fr'
    ? `${name} : votre code pour voir votre carte de fidelite est ${code}. Ne le partagez pas.`
    : `${name}: your code to see your loyalty card is ${code}. Do not share it.`
}

export const ScanPhoneCodeInput = object({
  phone: size(trimmed(string()), 1, 40),
  /** The page's language: the SMS is written in it (else the franchise's). */
  language: optional(enums(LOCALES)),
})
export const ScanPhoneConfirmInput = object({
  phone: size(trimmed(string()), 1, 40),
  code: pattern(string(), /^\d{6}$/),
})
/** A right code: this device is remembered for the phone (a signed cookie) until `expiresAt`. */
export const ScanPhoneConfirmed = type({ confirmed: literal(true), expiresAt: string() })
