// Rules of the client detail page (SPEC §4, §5, §8), pure: the points and sale inputs, the §8 messages of
// their failures, and how an answer of the ledger (the loyalty card) replaces what the page shows.
import type { ApiError } from '../../src/api/client'
import {
  type ClientDetail,
  DECIMAL_PATTERN,
  type LoyaltyCard,
  type OfferRow,
  toCents,
} from '../../src/domain/clients'

/** The ledger refuses more in one move (src/domain/clients.ts PointsPatch). */
export const POINTS_MAX = 1_000_000
/** The largest sale the server records (SaleRequest), in cents. */
export const SALE_MAX_CENTS = 10_000_000

const POINTS_PATTERN = /^[+-]?\d{1,7}$/

/** A signed whole number of points (positive credits, negative debits), or null. */
export function parsePoints(value: string): number | null {
  const text = value.trim().replace(/\s/g, '')
  if (!POINTS_PATTERN.test(text)) return null
  const n = Number(text)
  return Number.isSafeInteger(n) ? n : null
}

/** The §5 rules of the points dialog; null when the move may be sent. */
export function validatePoints(value: string, balance: number): string | null {
  if (!value.trim()) return 'loyalty.editPoints.errors.required'
  const n = parsePoints(value)
  if (n === null || n === 0 || Math.abs(n) > POINTS_MAX) return 'loyalty.editPoints.errors.invalid'
  if (n < 0 && -n > balance) return 'loyalty.editPoints.errors.insufficient'
  return null
}

/** §5: a decimal with comma or dot, up to 2 decimals, above zero. */
export function validateSaleAmount(value: string): string | null {
  const text = value.trim()
  if (!text) return 'loyalty.addSale.errors.required'
  const cents = DECIMAL_PATTERN.test(text) ? toCents(text) : null
  if (cents === null || cents <= 0 || text.startsWith('-') || cents > SALE_MAX_CENTS)
    return 'loyalty.addSale.errors.invalid'
  return null
}

/** A move's failure, as a message next to the field (the toast says loyalty.editPoints.errorMessage). */
export function pointsErrorFromApi(error: ApiError | undefined): string {
  switch (error?.code) {
    case 'INSUFFICIENT_POINTS':
      return 'loyalty.editPoints.errors.insufficient'
    case 'VISIT_TOO_SOON':
      return 'loyalty.editPoints.errors.visitTooSoon'
    case 'MAX_POINTS_REACHED':
      return 'loyalty.editPoints.errors.maxPoints'
    default:
      return error?.status === 400 ? 'loyalty.editPoints.errors.invalid' : 'loyalty.editPoints.errorMessage'
  }
}

export function saleErrorFromApi(error: ApiError | undefined): string {
  switch (error?.code) {
    case 'VISIT_TOO_SOON':
      return 'loyalty.editPoints.errors.visitTooSoon'
    case 'MAX_POINTS_REACHED':
      return 'loyalty.editPoints.errors.maxPoints'
    default:
      return error?.status === 400 ? 'loyalty.addSale.errors.invalid' : 'loyalty.addSale.addSaleError'
  }
}

export function redeemErrorFromApi(error: ApiError | undefined, kind: 'offer' | 'coupon'): string {
  switch (error?.code) {
    case 'INSUFFICIENT_POINTS':
      return 'loyalty.editPoints.errors.insufficient'
    case 'OFFER_NOT_ACTIVE':
    case 'OFFER_EXPIRED':
    case 'OFFER_NOT_FOUND':
      return 'pages.clients.offersDialog.errors.unavailable'
    case 'COUPON_ALREADY_CLAIMED':
      return 'pages.clients.couponsDialog.errors.claimed'
    case 'COUPON_EXPIRED':
      return 'pages.clients.couponsDialog.errors.expired'
    case 'COUPON_OTHER_STORE':
      return 'pages.clients.couponsDialog.errors.otherStore'
    default:
      return kind === 'offer'
        ? 'pages.clients.offersDialog.errors.redeem'
        : 'pages.clients.couponsDialog.errors.redeem'
  }
}

/** Offers sorted by the points they cost (§3), each saying whether the balance covers it. */
export function withRedeemable(offers: readonly OfferRow[], points: number): OfferRow[] {
  return [...offers]
    .sort((a, b) => a.redeemPointAmount - b.redeemPointAmount)
    .map((o) => ({ ...o, canRedeem: o.redeemPointAmount <= points }))
}

/**
 * §4 "crediting points closes the dialog and replaces client info": the card the ledger answers with
 * replaces the balance and aggregates, and its transaction goes on top of the history.
 */
export function applyCard(
  info: ClientDetail,
  card: LoyaltyCard,
  storeName: (storeId: string | null) => string | null,
): ClientDetail {
  const t = card.transaction
  const known = t ? info.transactions.some((x) => x.id === t.id) : true
  return {
    ...info,
    points: card.points,
    totalCollectedPoints: card.totalCollectedPoints,
    redeemedOffersCount: card.redeemedOffersCount,
    visitCount: card.visitCount,
    lastVisitAt: card.lastVisitAt,
    transactions:
      t && !known
        ? [
            {
              id: t.id,
              type: t.type,
              points: t.points,
              amountCents: t.amountCents,
              storeId: t.storeId,
              storeName: storeName(t.storeId),
              createdAt: t.createdAt,
            },
            ...info.transactions,
          ]
        : info.transactions,
  }
}
