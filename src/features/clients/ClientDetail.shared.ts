import { useIntl } from 'react-intl'
import type { ClientDetailEvent } from '../../../machines/client-detail/client-detail.machine'
import type { ClientDetailView } from '../../../machines/client-detail/client-detail.view'
import type { CouponRow, OfferRow } from '../../domain/clients'
import { type T, useT } from '../../ui/i18n/t'

/** What every part of the client detail page gets: the machine's view and its `send`. */
export interface ClientDetailPartProps {
  view: ClientDetailView
  send: (event: ClientDetailEvent) => void
}

export { type T, useT }

export function offerValue(
  o: OfferRow | CouponRow,
  t: T,
  money: (cents: number, currency: string) => string,
) {
  const type = o.type.toUpperCase()
  if (type === 'FLAT' && o.value !== null) return money(o.value, o.currencyCode ?? 'EUR')
  if (type === 'PERCENTAGE' && o.value !== null)
    return t('pages.clients.offers.percentage', { value: o.value })
  return t('pages.clients.offers.product')
}

export function useAnyMoney() {
  const intl = useIntl()
  return (cents: number, currency: string) =>
    intl.formatNumber(cents / 100, { style: 'currency', currency, minimumFractionDigits: 2 })
}
