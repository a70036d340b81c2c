// GDPR (issue 23): a client's copy of everything held about it, and its erasure. Shared by the client
// detail's buttons and the server's routes.
import { boolean, enums, optional, string, type } from 'superstruct'
import { Id } from './ids'
import { LOCALES } from './locale'
import { isOwnerRole } from './roles'

export const PERSONAL_DATA_FORMATS = ['json', 'html'] as const
export type PersonalDataFormat = (typeof PERSONAL_DATA_FORMATS)[number]

export const PersonalDataQuery = type({
  format: optional(enums(PERSONAL_DATA_FORMATS)),
  locale: optional(enums(LOCALES)),
})

/** POST …/clients/{id}/erase: the client erased now, or already (an erasure is done once). */
export const ClientErasureResponse = type({
  clientId: Id,
  erasedAt: string(),
  alreadyErased: boolean(),
})

/**
 * What an erasure keeps, named in its confirmation: the points history and the visit and sales
 * figures stay (anonymous), so the franchise's statistics and balances do not change.
 */
export const ERASURE_KEEPS = ['ledger', 'figures', 'coupons'] as const

/** What an erasure removes or replaces, wherever it is kept. */
export const ERASED_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'gender',
  'birthDate',
  'postcode',
  'crmValues',
  'messageAddresses',
  'phoneCodes',
  'optOuts',
  'scanDevices',
  'opinionComments',
] as const

/** Text written where an address (a recipient, a message's addressee) has to stay non-empty. */
export const ERASED_MARK = 'erased'

/**
 * Who is offered the erasure (and the copy) on the client detail: the owners the routes allow. The
 * server still refuses a store owner a client other stores share (CLIENT_SHARED).
 */
export function canEraseClients(role: string | null | undefined): boolean {
  return isOwnerRole(role)
}
