// Formatting of the client screens: money in the franchise's currency and dates in the §9 pattern of the
// active language (MM/DD/YYYY in English, DD/MM/YYYY in French), through react-intl.
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { useCallback } from 'react'
import { useIntl } from 'react-intl'
import { useFormatDate } from '../../ui/i18n/IntlProvider'
import type { MessageId } from '../../ui/i18n/messages'

/** Amounts are integer cents (§3); 2 decimals in every currency of §9. */
export function useMoney(currency: string) {
  const intl = useIntl()
  return useCallback(
    (cents: number) =>
      intl.formatNumber(cents / 100, {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
    [intl, currency],
  )
}

/** A date in the language's pattern, or a dash when there is none. */
export function useDate() {
  const format = useFormatDate()
  return useCallback((value: string | null | undefined) => (value ? format(value) : '—'), [format])
}

/** A date and its time (transactions), the time in the language's 12 or 24-hour clock. */
export function useDateTime() {
  const intl = useIntl()
  const format = useFormatDate()
  return useCallback(
    (value: string) => `${format(value)} ${intl.formatTime(value, { hour: '2-digit', minute: '2-digit' })}`,
    [intl, format],
  )
}

const CLIENT_TYPE_LABELS: Record<string, MessageId> = {
  LOST_CUSTOMER: 'pages.clients.types.lost',
  NEW_CUSTOMER: 'pages.clients.types.new',
  REGULAR_CUSTOMER: 'pages.clients.types.regular',
}
export const clientTypeLabel = (type: string): MessageId =>
  CLIENT_TYPE_LABELS[type] ?? 'pages.clients.types.unknown'

export const sourceLabel = (source: string): MessageId =>
  source === 'MIGRATION' || source === 'EMARKETING' || source === 'STORE'
    ? `pages.clients.sources.${source}`
    : 'pages.clients.types.unknown'

const TRANSACTION_TYPES = [
  'tag',
  'redeem',
  'credit',
  'debit',
  'sync',
  'migration',
  'emarketing',
  'game',
] as const
export const transactionLabel = (type: string): MessageId =>
  (TRANSACTION_TYPES as readonly string[]).includes(type)
    ? (`pages.clients.history.types.${type}` as MessageId)
    : 'pages.clients.types.unknown'

export const couponStateLabel = (state: string): MessageId =>
  state === 'active' || state === 'expired' || state === 'claimed'
    ? `pages.clients.coupons.states.${state}`
    : 'pages.clients.types.unknown'

/** The client's name; a client known only by a phone number or an e-mail (a first scan) shows that. */
export const fullName = (c: {
  firstName: string
  lastName: string
  phone?: string | null
  email?: string | null
}) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ') ||
  (c.phone ? formatPhone(c.phone) : '') ||
  c.email ||
  '—'

export const initials = (c: { firstName: string; lastName: string }) =>
  `${c.firstName.charAt(0)}${c.lastName.charAt(0)}`.toUpperCase()

/** A stored E.164 phone number as people read it (+33 6 12 34 56 78). */
export function formatPhone(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone
}
