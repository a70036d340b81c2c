// How many points a sale or a visit earns under the franchise's card (SPEC §3 loyalty model):
// shared by the counter (sale dialog, tag injection), the scan page and the point-of-sale orders.
import type { LoyaltyType } from './constants'

export type EarningCard = { loyaltyType: LoyaltyType | string; earnRate: number }

export type Purchase = {
  /** The sale's amount in cents (amount types). */
  amountCents?: number
  /** Number of listed products bought (POS_PRODUCTS): each unit counts once. */
  productCount?: number
}

/** Passage types earn per visit; amount types per whole currency unit, rounded down; POS_PRODUCTS per listed product. */
export function pointsEarned(card: EarningCard, purchase: Purchase = {}): number {
  const rate = Math.max(0, Math.trunc(card.earnRate))
  switch (card.loyaltyType) {
    case 'PASSAGE':
    case 'POS_PASSAGE':
      return rate
    case 'MANUAL_AMOUNT':
    case 'POS_AMOUNT':
      return Math.floor(Math.max(0, purchase.amountCents ?? 0) / 100) * rate
    case 'POS_PRODUCTS':
      return Math.max(0, Math.trunc(purchase.productCount ?? 0)) * rate
    default:
      return 0
  }
}

/** Whether the card earns from point-of-sale orders (the customer links a receipt on the scan page). */
export const isPosCard = (type: string) => type.startsWith('POS_')
/** Whether points come from an amount typed at the counter and injected into a tag. */
export const isManualAmountCard = (type: string) => type === 'MANUAL_AMOUNT'

/** Units of the card's listed products in an order's lines (no list: every unit counts). */
export function listedProductCount(
  lines: readonly { productId: string; quantity: number }[],
  listed: readonly string[],
): number {
  return lines
    .filter((l) => listed.length === 0 || listed.includes(l.productId))
    .reduce((n, l) => n + Math.max(0, Math.trunc(l.quantity)), 0)
}
