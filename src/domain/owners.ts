// SPEC §7 "Owners and admin" (store owners of a franchise), §8 (409 when the e-mail exists): request
// and response shapes shared by the server (validation) and the browser (checked answers), and the
// create form's rules.
import {
  array,
  boolean,
  enums,
  type Infer,
  nullable,
  number,
  object,
  optional,
  size,
  string,
  trimmed,
  type,
} from 'superstruct'
import { EMAIL_PATTERN, Email } from './auth'
import { Id } from './ids'
import { GROUPS, hasPermission } from './roles'

export const OWNER_PAGE_SIZES = [10, 20, 50] as const
export const OWNER_LIST_DEFAULTS = { page: 1, size: 20, search: '' } as const
export const OWNER_DISPLAY_NAME_MAX = 120
/** A store owner is linked to at least one store and, to keep a request bounded, not to hundreds. */
export const OWNER_STORES_MAX = 200

export const CreateOwnerRequest = object({
  email: Email,
  displayName: optional(size(trimmed(string()), 0, OWNER_DISPLAY_NAME_MAX)),
  storeIds: size(array(Id), 1, OWNER_STORES_MAX),
  /** The caller's franchise when it has several; its first one by default. */
  franchiseId: optional(Id),
})
export type CreateOwnerRequest = Infer<typeof CreateOwnerRequest>

export const UpdateOwnerRequest = object({ storeIds: size(array(Id), 1, OWNER_STORES_MAX) })
export type UpdateOwnerRequest = Infer<typeof UpdateOwnerRequest>

/** `invited`: no password chosen yet (the invitation link is still to be followed); `active` then. */
export const OWNER_STATUSES = ['invited', 'active'] as const
export type OwnerStatus = (typeof OWNER_STATUSES)[number]

export const OwnerRow = type({
  id: string(),
  email: string(),
  displayName: string(),
  stores: array(type({ id: string(), name: string() })),
  createdAt: string(),
  hasPassword: boolean(),
  status: enums(OWNER_STATUSES),
})
export type OwnerRow = Infer<typeof OwnerRow>

export const OwnerPage = type({
  data: array(OwnerRow),
  metadata: type({ page: number(), size: number(), total: number() }),
})
export type OwnerPage = Infer<typeof OwnerPage>

/** The latest invitation e-mail as the local mail adapter keeps it (its outbox). */
export const OwnerInvitation = type({
  recipient: string(),
  subject: nullable(string()),
  body: string(),
  sentAt: nullable(string()),
  link: optional(nullable(string())),
})
export type OwnerInvitation = Infer<typeof OwnerInvitation>

// ——— The create form (browser) ———

export type OwnerFormValues = { email: string; displayName: string; storeIds: string[] }
export type OwnerFormField = keyof OwnerFormValues
/** Message ids per field. */
export type OwnerFormErrors = Partial<Record<OwnerFormField, string>>

export function validateOwnerForm(v: OwnerFormValues): OwnerFormErrors {
  const errors: OwnerFormErrors = {}
  const email = v.email.trim()
  if (!email) errors.email = 'ownersManagement.errors.emailRequired'
  else if (email.length > 254 || !EMAIL_PATTERN.test(email))
    errors.email = 'ownersManagement.errors.emailInvalid'
  if (v.displayName.trim().length > OWNER_DISPLAY_NAME_MAX)
    errors.displayName = 'ownersManagement.errors.displayNameTooLong'
  if (v.storeIds.length === 0) errors.storeIds = 'ownersManagement.errors.storesRequired'
  return errors
}

export const toCreateOwnerRequest = (v: OwnerFormValues): CreateOwnerRequest => ({
  email: v.email.trim(),
  ...(v.displayName.trim() ? { displayName: v.displayName.trim() } : {}),
  storeIds: [...new Set(v.storeIds)],
})

/** Who manages the store owners: full access (a store owner is told to ask the franchise manager, §6). */
export const canManageOwners = (role: string | null | undefined) => hasPermission(GROUPS.fullAccess, role)
