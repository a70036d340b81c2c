// Labels of the client screens: client types, sources, transactions, coupon states, names and phones.
// Money and dates are formatted by src/ui/i18n/format.ts.
import { formatPhone } from '../../domain/phone'
import type { BadgeTone } from '../../ui/Badge'
import type { MessageId } from '../../ui/i18n/messages'

const CLIENT_TYPE_LABELS: Record<string, MessageId> = {
  LOST_CUSTOMER: 'pages.clients.types.lost',
  NEW_CUSTOMER: 'pages.clients.types.new',
  REGULAR_CUSTOMER: 'pages.clients.types.regular',
}
export const clientTypeLabel = (type: string): MessageId =>
  CLIENT_TYPE_LABELS[type] ?? 'pages.clients.types.unknown'

export const clientTypeTone = (type: string): BadgeTone =>
  type === 'LOST_CUSTOMER' ? 'danger' : type === 'NEW_CUSTOMER' ? 'info' : 'success'

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
  'expiry',
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

type Contactable = { firstName: string; lastName: string; phone?: string | null; email?: string | null }

/** The phone and e-mail to show beside the name: those the name is not already made of (a phone-only
 * client is named by its number, which is not repeated beside it). */
export function contactsBesideName(c: Contactable): { phone: string | null; email: string | null } {
  const name = fullName(c)
  return {
    phone: c.phone && formatPhone(c.phone) !== name ? c.phone : null,
    email: c.email && c.email !== name ? c.email : null,
  }
}

/** The same contact details as display texts (the client list's second line). */
export const otherContacts = (c: Contactable) => {
  const { phone, email } = contactsBesideName(c)
  return [phone ? formatPhone(phone) : null, email].filter((x): x is string => !!x)
}

export const initials = (c: { firstName: string; lastName: string }) =>
  `${c.firstName.charAt(0)}${c.lastName.charAt(0)}`.toUpperCase()
