// The customer scan page (issue 5): the tag's public address, the validation countdown, and the
// shapes both sides check for `GET /api/public/scan/:uid` and `POST /api/public/scan/:uid/collect`.
import {
  array,
  boolean,
  type Infer,
  integer,
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

/** Seconds the customer has to confirm before the page goes back to the phone entry. */
export const SCAN_COUNTDOWN_SECONDS = 10

/** Where the phone number of the last visit is remembered on the customer's device. */
export const SCAN_PHONE_STORAGE_KEY = 'scan.phone'

/** Tag ids: readable slugs (demo) or random ids; nothing that could leave the path. */
export const TAG_UID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/
export const TagUid = pattern(string(), TAG_UID_PATTERN)

/** The page a tag's QR code opens (the QR code encodes this URL). */
export function scanUrl(origin: string, tagUid: string): string {
  return `${origin.replace(/\/+$/, '')}/scan/${encodeURIComponent(tagUid)}`
}

/**
 * The tag id in a decoded QR code: a URL (any origin: only its path is used, within this app) or a
 * path whose path is /scan/<uid>; null for anything else.
 */
export function tagUidFromScan(text: string): string | null {
  let path: string
  try {
    path = new URL(text.trim(), 'http://local.invalid').pathname
  } catch {
    return null
  }
  const m = /^\/scan\/([^/]+)\/?$/.exec(path)
  if (!m) return null
  const uid = decodeURIComponent(m[1]!)
  return TAG_UID_PATTERN.test(uid) ? uid : null
}

/** What the customer sends to collect (a receipt id for the point-of-sale cards). */
export const CollectInput = object({
  phone: size(trimmed(string()), 1, 40),
  receiptId: optional(size(trimmed(string()), 1, 100)),
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
  offers: array(ScanOffer),
})
export type ScanInfo = Infer<typeof ScanInfo>

export const ScanCoupon = type({
  id: string(),
  header: string(),
  type: string(),
  value: nullable(number()),
  currencyCode: nullable(string()),
  expiresAt: string(),
})
export type ScanCoupon = Infer<typeof ScanCoupon>

export const CollectResult = type({
  transactionId: string(),
  clientId: string(),
  points: integer(),
  balance: integer(),
  firstName: nullable(string()),
  /** Offers the balance pays for now. */
  redeemable: array(ScanOffer),
  /** The other active offers, with the points still missing. */
  upcoming: array(type({ offer: ScanOffer, missingPoints: integer() })),
  coupons: array(ScanCoupon),
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
    default:
      return 'pages.scan.errors.generic'
  }
}

/** The confirmation SMS (≤ 160 GSM characters): French for French franchises, else English. */
export function scanSmsText(
  language: 'fr' | 'en',
  m: { franchiseName: string; points: number; balance: number },
): string {
  // Typographic quotes and dashes are not GSM characters: one would turn the SMS into UCS-2 (70 chars).
  const name = m.franchiseName
    .replace(/[’‘]/g, "'")
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7EàéèùìòÇÉÄÖÑÜäöñüßÅåØøÆæ]/g, '')
    .slice(0, 40)
  return language === 'fr'
    ? `${name} : ${m.points} points crédités. Nouveau solde : ${m.balance} points. Merci de votre visite !`
    : `${name}: ${m.points} points credited. New balance: ${m.balance} points. Thank you for your visit!`
}
