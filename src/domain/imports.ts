// Client imports (issue 23): which client fields a CSV column may fill, the rules a record must pass
// (shared by the server's job and preview and the page's mapping step), and the response shapes.
import type { CountryCode } from 'libphonenumber-js'
import {
  array,
  enums,
  type Infer,
  integer,
  literal,
  min,
  nullable,
  number,
  object,
  optional,
  record,
  string,
  union,
} from 'superstruct'
import type { GENDERS } from './clients'
import { type CrmField, storedValue, valueError } from './crm'
import { Id } from './ids'
import { normalisePhone } from './phone'
import { GROUPS, hasPermission } from './roles'

/** The client's own fields a column may fill; CRM fields are `crm.<localId>`. */
export const IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'gender',
  'birthDate',
  'postcode',
  'points',
] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]
export const CRM_PREFIX = 'crm.'

/** Field → the column's index in the file. */
export type ImportMapping = Record<string, number>
export const ImportMappingInput = record(string(), min(integer(), 0))

export const IMPORT_STATUSES = ['UPLOADED', 'QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED'] as const
export type ImportStatus = (typeof IMPORT_STATUSES)[number]
export const isImportFinished = (s: ImportStatus) => s === 'DONE' || s === 'FAILED' || s === 'CANCELLED'

export const IMPORT_ENCODINGS = ['utf-8', 'windows-1252'] as const
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number]
export const IMPORT_DELIMITERS = [',', ';', '\t'] as const

/** The largest file accepted, and the longest record (a file of one endless line is refused). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024
export const IMPORT_MAX_RECORD_CHARS = 64 * 1024
export const IMPORT_PREVIEW_ROWS = 20
export const IMPORT_UPLOAD_FIELD = 'file'

/** Why a record is skipped (i18n `import.reason.<code>`). */
export const SKIP_REASONS = [
  'FIRST_NAME_MISSING',
  'CONTACT_MISSING',
  'PHONE_INVALID',
  'EMAIL_INVALID',
  'GENDER_INVALID',
  'BIRTH_DATE_INVALID',
  'POSTCODE_INVALID',
  'POINTS_INVALID',
  'POINTS_OVER_MAX',
  'CRM_INVALID',
  'DUPLICATE_IN_FILE',
  'COLUMNS_MISSING',
  'ERROR',
] as const
export type SkipReason = (typeof SKIP_REASONS)[number]

/** How a franchise writes dates: the United States month first, everyone else day first. */
export type DateOrder = 'MDY' | 'DMY'
export const dateOrderOf = (countryAlpha3: string): DateOrder => (countryAlpha3 === 'USA' ? 'MDY' : 'DMY')

/** A birth date as written in the franchise's format (or ISO) → 'YYYY-MM-DD', or null. */
export function parseBirthDate(text: string, order: DateOrder): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text)
  const local = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text)
  let y: number
  let m: number
  let d: number
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
  else if (local) {
    const [a, b] = [Number(local[1]), Number(local[2])]
    y = Number(local[3])
    ;[m, d] = order === 'MDY' ? [a, b] : [b, a]
  } else return null
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null
  if (y < 1900 || date.getTime() > Date.now()) return null
  return date.toISOString().slice(0, 10)
}

// A Map: a cell is data, never an object's property name ("constructor" is no gender).
const GENDER_WORDS = new Map<string, (typeof GENDERS)[number]>([
  ['m', 'male'],
  ['male', 'male'],
  ['man', 'male'],
  ['h', 'male'],
  ['homme', 'male'],
  ['f', 'female'],
  ['female', 'female'],
  ['woman', 'female'],
  ['femme', 'female'],
  ['other', 'other'],
  ['autre', 'other'],
  ['o', 'other'],
])

export type ImportContext = {
  country: CountryCode
  dateOrder: DateOrder
  /** The franchise's cap on a balance, when it has one (an opening balance above it is refused). */
  maxPoints: number | null
  /** The franchise's active CRM fields (static ones excluded). */
  crmFields: CrmField[]
}

/** A record that passed: the client's fields (absent: the column is not mapped or the cell empty). */
export type ImportRecord = {
  firstName?: string
  lastName?: string
  email?: string
  phone?: string
  gender?: (typeof GENDERS)[number]
  birthDate?: string
  postcode?: string
  points?: number
  crm: Record<string, string>
}

export type RowCheck =
  | { ok: true; record: ImportRecord }
  | { ok: false; reason: SkipReason; field: string | null }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const skip = (reason: SkipReason, field: string | null): RowCheck => ({ ok: false, reason, field })

/** The rules of one record. A new client needs a first name and a phone or an e-mail. */
export function checkRow(cells: readonly string[], mapping: ImportMapping, ctx: ImportContext): RowCheck {
  const cell = (field: string) => {
    const i = mapping[field]
    return i === undefined ? '' : (cells[i] ?? '').trim()
  }
  const r: ImportRecord = { crm: {} }
  const firstName = cell('firstName')
  if (!firstName) return skip('FIRST_NAME_MISSING', 'firstName')
  if (firstName.length > 80) return skip('FIRST_NAME_MISSING', 'firstName')
  r.firstName = firstName
  const lastName = cell('lastName')
  if (lastName) r.lastName = lastName.slice(0, 80)
  const phone = cell('phone')
  if (phone) {
    const e164 = normalisePhone(phone, ctx.country)
    if (!e164) return skip('PHONE_INVALID', 'phone')
    r.phone = e164
  }
  const email = cell('email')
  if (email) {
    if (email.length > 254 || !EMAIL.test(email)) return skip('EMAIL_INVALID', 'email')
    r.email = email
  }
  if (!r.phone && !r.email) return skip('CONTACT_MISSING', 'phone')
  const gender = cell('gender')
  if (gender) {
    const g = GENDER_WORDS.get(gender.toLowerCase())
    if (!g) return skip('GENDER_INVALID', 'gender')
    r.gender = g
  }
  const birth = cell('birthDate')
  if (birth) {
    const day = parseBirthDate(birth, ctx.dateOrder)
    if (!day) return skip('BIRTH_DATE_INVALID', 'birthDate')
    r.birthDate = day
  }
  const postcode = cell('postcode')
  if (postcode) {
    if (postcode.length > 12) return skip('POSTCODE_INVALID', 'postcode')
    r.postcode = postcode
  }
  const points = cell('points')
  if (points) {
    if (!/^\d{1,9}$/.test(points)) return skip('POINTS_INVALID', 'points')
    const n = Number(points)
    if (n > 0) r.points = n
  }
  for (const field of ctx.crmFields) {
    const key = `${CRM_PREFIX}${field.localId}`
    if (mapping[key] === undefined) continue
    const value = cell(key)
    // An import fills what it has: a required field left empty is not a reason to refuse the client.
    if (!value) continue
    if (valueError(field, value)) return skip('CRM_INVALID', key)
    r.crm[field.localId] = storedValue(field, value)
  }
  return { ok: true, record: r }
}

export type MappingProblem = { field: string; rule: 'required' | 'unknown' | 'column' | 'twice' }

/**
 * What is wrong with a mapping, first problem only (the server answers a 400 naming it): a first
 * name and a phone or an e-mail must be mapped, fields must exist, columns must be the file's.
 */
export function mappingProblem(
  mapping: ImportMapping,
  columns: number,
  crmFields: readonly { localId: string }[],
): MappingProblem | null {
  const known = new Set<string>([...IMPORT_FIELDS, ...crmFields.map((f) => `${CRM_PREFIX}${f.localId}`)])
  const used = new Set<number>()
  for (const [field, column] of Object.entries(mapping)) {
    if (!known.has(field)) return { field, rule: 'unknown' }
    if (column >= columns) return { field, rule: 'column' }
    if (used.has(column)) return { field, rule: 'twice' }
    used.add(column)
  }
  if (mapping.firstName === undefined) return { field: 'firstName', rule: 'required' }
  if (mapping.phone === undefined && mapping.email === undefined) return { field: 'phone', rule: 'required' }
  return null
}

const HEADER_WORDS: Record<ImportField, string[]> = {
  firstName: ['firstname', 'first name', 'prenom', 'prénom', 'given name', 'first'],
  lastName: ['lastname', 'last name', 'nom', 'surname', 'family name', 'name', 'last'],
  email: ['email', 'e-mail', 'mail', 'courriel', 'adresse e-mail'],
  phone: ['phone', 'telephone', 'téléphone', 'tel', 'tél', 'mobile', 'portable', 'phone number'],
  gender: ['gender', 'sex', 'sexe', 'genre', 'civilite', 'civilité'],
  birthDate: [
    'birthdate',
    'birth date',
    'date of birth',
    'birthday',
    'date de naissance',
    'naissance',
    'dob',
  ],
  postcode: ['postcode', 'postal code', 'zip', 'zip code', 'code postal', 'cp'],
  points: ['points', 'balance', 'solde', 'points balance', 'opening balance', 'solde points'],
}

/** A first guess of the mapping from the header names (the merchant corrects it). */
export function suggestMapping(headers: readonly string[], crmFields: readonly CrmField[]): ImportMapping {
  const norm = (s: string) => s.trim().toLowerCase().replace(/[_]+/g, ' ')
  const mapping: ImportMapping = {}
  const taken = new Set<number>()
  const take = (field: string, words: string[]) => {
    const i = headers.findIndex((h, idx) => !taken.has(idx) && words.includes(norm(h)))
    if (i >= 0) {
      mapping[field] = i
      taken.add(i)
    }
  }
  for (const field of IMPORT_FIELDS) take(field, HEADER_WORDS[field])
  for (const f of crmFields) take(`${CRM_PREFIX}${f.localId}`, [norm(f.label)])
  return mapping
}

// ——— Response shapes ———

const ImportProgress = {
  id: string(),
  franchiseId: string(),
  fileName: string(),
  status: enums(IMPORT_STATUSES),
  totalRows: number(),
  rowsRead: number(),
  created: number(),
  updated: number(),
  skipped: number(),
  error: nullable(string()),
  createdAt: string(),
  finishedAt: nullable(string()),
}

export const ImportResponse = object({
  ...ImportProgress,
  encoding: enums(IMPORT_ENCODINGS),
  delimiter: enums(IMPORT_DELIMITERS),
  headers: array(string()),
  mapping: nullable(ImportMappingInput),
  suggestedMapping: ImportMappingInput,
  /** The client fields the mapping may use: the client's own, then the franchise's CRM fields. */
  fields: array(
    object({ key: string(), label: nullable(string()), crm: union([literal(true), literal(false)]) }),
  ),
})
export type ImportResponse = Infer<typeof ImportResponse>

export const ImportPreviewRow = object({
  row: number(),
  cells: array(string()),
  outcome: enums(['CREATE', 'UPDATE', 'SKIP'] as const),
  reason: nullable(enums(SKIP_REASONS)),
  field: nullable(string()),
})
export type ImportPreviewRow = Infer<typeof ImportPreviewRow>
export const ImportPreviewResponse = object({ rows: array(ImportPreviewRow), totalRows: number() })
export type ImportPreviewResponse = Infer<typeof ImportPreviewResponse>

export const ImportMappingBody = object({ mapping: ImportMappingInput })
export const ImportUploadQuery = object({
  franchiseId: optional(Id),
  encoding: optional(enums(IMPORT_ENCODINGS)),
})

/** The first skipped records, for the page (the CSV report has them all). */
export const IMPORT_SKIPPED_SHOWN = 200
export const ImportSkippedPage = object({
  rows: array(
    object({ row: number(), reason: enums(SKIP_REASONS), field: nullable(string()), cells: array(string()) }),
  ),
  total: number(),
})
export type ImportSkippedPage = Infer<typeof ImportSkippedPage>

/** Who imports clients: a franchise's owner (clients are the franchise's, not one store's). */
export const canImportClients = (role: string | null | undefined) => hasPermission(GROUPS.fullAccess, role)
