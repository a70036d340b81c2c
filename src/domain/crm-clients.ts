// The CRM page's calls beyond the form itself (issue 21): the answers of the form calls, the CRM
// clients list (clients with their values as columns, paged, filtered), a field's values count before
// it is deleted for good, and a client's values on the client detail. Shared by the browser (response
// checks) and the server (input structs).
import { array, type Infer, nullable, number, object, record, size, string, type } from 'superstruct'
import { CrmFieldInput } from './crm'

/** The form as the calls answer it: its version and its fields, static ones first. */
export const CrmFormAnswer = type({ version: number(), fields: array(CrmFieldInput) })
export type CrmFormAnswer = Infer<typeof CrmFormAnswer>

/** The 409 of a save or a delete made on an older version than the stored one. */
export const CRM_VERSION_CONFLICT = 'CRM_FORM_VERSION_CONFLICT'
/** A field deleted for good must be archived in the stored form first. */
export const CRM_FIELD_NOT_ARCHIVED = 'CRM_FIELD_NOT_ARCHIVED'

/** A field's local id in a path (the form's own pattern). */
export const CrmLocalId = size(string(), 1, 40)

/** How many clients hold a value for one field (said before the field is deleted for good). */
export const CrmValueCount = type({ localId: string(), count: number() })
export type CrmValueCount = Infer<typeof CrmValueCount>

// ——— A client's values (client detail) ———

/** A client's values by field, and the fields they are for (active merchant fields, in order). */
export const CrmClientValues = type({
  fields: array(CrmFieldInput),
  values: record(string(), string()),
})
export type CrmClientValues = Infer<typeof CrmClientValues>

/** PUT …/clients/{id}/crm-values: the values typed, by local id ('' clears one). */
export const CrmValuesInput = object({ crmValues: record(CrmLocalId, size(string(), 0, 400)) })

// ——— The CRM clients list ———

export const CRM_PAGE_SIZES = [10, 25, 50] as const
export const CRM_LIST_DEFAULTS = { page: 1, size: 10, search: '', field: '' } as const
export const CRM_SEARCH_MAX = 100

/** One row: the client's name and contact, and its value of every field (absent: none). */
export const CrmClientRow = type({
  id: string(),
  firstName: string(),
  lastName: string(),
  email: nullable(string()),
  phone: nullable(string()),
  birthDate: nullable(string()),
  createdAt: string(),
  values: record(string(), string()),
})
export type CrmClientRow = Infer<typeof CrmClientRow>

export const CrmClientPage = type({
  data: array(CrmClientRow),
  metadata: type({ page: number(), size: number(), total: number() }),
  /** The columns: the form's fields (static ones first), archived ones included when asked. */
  fields: array(CrmFieldInput),
})
export type CrmClientPage = Infer<typeof CrmClientPage>
