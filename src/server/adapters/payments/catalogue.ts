// What a merchant can subscribe to (SPEC §7 /stripe/payment-links): one monthly plan, priced per
// currency. Both payment adapters sell this catalogue.
import type { CurrencyCode } from '../../../domain/constants'

export type Product = {
  id: string
  name: string
  amountCents: number
  currencyCode: CurrencyCode
  interval: 'month'
}

const PRICES: Record<CurrencyCode, number> = { EUR: 4900, USD: 5500, CAD: 6900, CHF: 4900 }

export function products(currency: CurrencyCode): Product[] {
  return [
    {
      id: 'loyalty-pro-monthly',
      name: 'Loyalty Pro',
      amountCents: PRICES[currency],
      currencyCode: currency,
      interval: 'month',
    },
  ]
}
