// The registration-form builder (SPEC §3 CRM field, §4, §5 CRM): the field shapes and the §5 rules,
// used alike by the builder (to mark a field invalid), the server (to refuse a bad form or value) and
// the public landing page (to validate what a customer types). Dates are calendar days 'YYYY-MM-DD'.
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  pattern,
  size,
  string,
} from 'superstruct'
import { isCalendarDay } from './input'

export const CRM_FIELD_TYPES = ['SHORT_TEXT', 'NUMBER', 'DATE'] as const
export type CrmFieldType = (typeof CRM_FIELD_TYPES)[number]
export const CRM_FIELD_STATUSES = ['ACTIVE', 'ARCHIVED'] as const
export type CrmFieldStatus = (typeof CRM_FIELD_STATUSES)[number]

export const CRM_LABEL_MAX = 60
/** The longest text a SHORT_TEXT field accepts whatever its own maximum. */
export const CRM_TEXT_MAX = 200
/** Merchant fields on one form (archived ones count: their values are kept). */
export const CRM_FIELDS_MAX = 50
const NUMBER_LIMIT = 1e12

export type CrmValidation = {
  type: CrmFieldType
  isRequired: boolean
  minLength?: number | null
  maxLength?: number | null
  min?: number | null
  max?: number | null
  minDate?: string | null
  maxDate?: string | null
}

export type CrmField = {
  localId: string
  label: string
  status: CrmFieldStatus
  isStatic: boolean
  isValid: boolean
  validation: CrmValidation
}

/** The two fields every form starts with (§3): required, locked, stored on the client itself. */
export const STATIC_CRM_FIELDS: readonly CrmField[] = [
  {
    localId: 'firstName',
    label: 'First name',
    status: 'ACTIVE',
    isStatic: true,
    isValid: true,
    validation: { type: 'SHORT_TEXT', isRequired: true, minLength: 1, maxLength: 80 },
  },
  {
    localId: 'dateOfBirth',
    label: 'Date of birth',
    status: 'ACTIVE',
    isStatic: true,
    isValid: true,
    validation: { type: 'DATE', isRequired: true },
  },
]
export const isStaticLocalId = (localId: string) => STATIC_CRM_FIELDS.some((f) => f.localId === localId)

const limit = () => optional(nullable(number()))
export const CrmValidationInput = object({
  type: enums(CRM_FIELD_TYPES),
  isRequired: boolean(),
  minLength: optional(nullable(min(max(integer(), CRM_TEXT_MAX), 0))),
  maxLength: optional(nullable(min(max(integer(), CRM_TEXT_MAX), 1))),
  min: limit(),
  max: limit(),
  minDate: optional(nullable(string())),
  maxDate: optional(nullable(string())),
})
export const CrmFieldInput = object({
  localId: pattern(size(string(), 1, 40), /^[A-Za-z0-9_-]+$/),
  label: size(string(), 1, CRM_LABEL_MAX),
  status: enums(CRM_FIELD_STATUSES),
  isStatic: boolean(),
  isValid: boolean(),
  validation: CrmValidationInput,
})
export const CrmFormInput = object({
  version: min(integer(), 0),
  fields: size(array(CrmFieldInput), 0, CRM_FIELDS_MAX),
})
export type CrmFormInputValue = Infer<typeof CrmFormInput>

/** i18n keys of the §5 rules, by the part of the field they are about. */
export const CRM_RULES = {
  labelRequired: 'crm.rules.labelRequired',
  minAboveMax: 'crm.rules.minAboveMax',
  minLengthAboveMaxLength: 'crm.rules.minLengthAboveMaxLength',
  invalidDate: 'crm.rules.invalidDate',
  minDateAfterMaxDate: 'crm.rules.minDateAfterMaxDate',
  numberTooLarge: 'crm.rules.numberTooLarge',
  duplicateId: 'crm.rules.duplicateId',
} as const
export type CrmRule = (typeof CRM_RULES)[keyof typeof CRM_RULES]
export type CrmFieldErrors = Partial<Record<'label' | 'min' | 'minLength' | 'minDate' | 'maxDate', CrmRule>>

const present = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v)
const filled = (v: string | null | undefined): v is string => typeof v === 'string' && v !== ''

/** §5: what is wrong with a field's own settings (empty when it is valid). */
export function fieldRuleErrors(field: CrmField): CrmFieldErrors {
  const errors: CrmFieldErrors = {}
  const v = field.validation
  if (field.label.trim() === '') errors.label = CRM_RULES.labelRequired
  if (v.type === 'NUMBER') {
    if ([v.min, v.max].some((n) => present(n) && Math.abs(n) > NUMBER_LIMIT))
      errors.min = CRM_RULES.numberTooLarge
    else if (present(v.min) && present(v.max) && v.min >= v.max) errors.min = CRM_RULES.minAboveMax
  }
  if (v.type === 'SHORT_TEXT' && present(v.minLength) && present(v.maxLength) && v.minLength > v.maxLength)
    errors.minLength = CRM_RULES.minLengthAboveMaxLength
  if (v.type === 'DATE') {
    if (filled(v.minDate) && !isCalendarDay(v.minDate)) errors.minDate = CRM_RULES.invalidDate
    if (filled(v.maxDate) && !isCalendarDay(v.maxDate)) errors.maxDate = CRM_RULES.invalidDate
    if (
      !errors.minDate &&
      !errors.maxDate &&
      filled(v.minDate) &&
      filled(v.maxDate) &&
      v.minDate >= v.maxDate
    )
      errors.minDate = CRM_RULES.minDateAfterMaxDate
  }
  return errors
}

export const isFieldValid = (field: CrmField) => Object.keys(fieldRuleErrors(field)).length === 0

/** §5: the form is valid only if every field is, and no two fields share an id. */
export function isFormValid(fields: readonly CrmField[]): boolean {
  const ids = new Set(fields.map((f) => f.localId))
  return ids.size === fields.length && fields.every(isFieldValid)
}

/** The form's fields with each one's isValid recomputed from the rules (what the server stores). */
export const withValidity = (fields: readonly CrmField[]): CrmField[] =>
  fields.map((f) => ({ ...f, isValid: isFieldValid(f) }))

export const CRM_VALUE_ERRORS = {
  required: 'crm.value.required',
  tooShort: 'crm.value.tooShort',
  tooLong: 'crm.value.tooLong',
  notNumber: 'crm.value.notNumber',
  belowMin: 'crm.value.belowMin',
  aboveMax: 'crm.value.aboveMax',
  notDate: 'crm.value.notDate',
  beforeMinDate: 'crm.value.beforeMinDate',
  afterMaxDate: 'crm.value.afterMaxDate',
} as const
export type CrmValueError = (typeof CRM_VALUE_ERRORS)[keyof typeof CRM_VALUE_ERRORS]

/** A calendar day ("2026-01-31") as that day's local midnight, for a date format to name it. */
const dayDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(y, m - 1, d)
}

/**
 * The limits a CRM_VALUE_ERRORS message states (issue 34: "Too short." without the length helped no
 * one): its ICU values, for the field the error came from.
 */
export function valueErrorValues(field: CrmField): {
  min: number
  max: number
  minDate: Date
  maxDate: Date
} {
  const v = field.validation
  const text = v.type === 'SHORT_TEXT'
  return {
    min: (text ? v.minLength : v.min) ?? 0,
    max: text ? Math.min(present(v.maxLength) ? v.maxLength : CRM_TEXT_MAX, CRM_TEXT_MAX) : (v.max ?? 0),
    minDate: dayDate(filled(v.minDate) && isCalendarDay(v.minDate) ? v.minDate : '1900-01-01'),
    maxDate: dayDate(filled(v.maxDate) && isCalendarDay(v.maxDate) ? v.maxDate : '2100-01-01'),
  }
}

/**
 * §5: what is wrong with a value typed for a field (null when it is acceptable). An empty value
 * blocks only a required field. Numbers accept a comma or a dot as the decimal separator.
 */
export function valueError(field: CrmField, raw: string | null | undefined): CrmValueError | null {
  const value = (raw ?? '').trim()
  const v = field.validation
  if (value === '') return v.isRequired ? CRM_VALUE_ERRORS.required : null
  switch (v.type) {
    case 'SHORT_TEXT': {
      const length = [...value].length
      if (present(v.minLength) && length < v.minLength) return CRM_VALUE_ERRORS.tooShort
      if (length > Math.min(present(v.maxLength) ? v.maxLength : CRM_TEXT_MAX, CRM_TEXT_MAX))
        return CRM_VALUE_ERRORS.tooLong
      return null
    }
    case 'NUMBER': {
      if (!/^[-+]?\d+([.,]\d+)?$/.test(value)) return CRM_VALUE_ERRORS.notNumber
      const n = Number(value.replace(',', '.'))
      if (!Number.isFinite(n) || Math.abs(n) > NUMBER_LIMIT) return CRM_VALUE_ERRORS.notNumber
      if (present(v.min) && n < v.min) return CRM_VALUE_ERRORS.belowMin
      if (present(v.max) && n > v.max) return CRM_VALUE_ERRORS.aboveMax
      return null
    }
    case 'DATE': {
      if (!isCalendarDay(value)) return CRM_VALUE_ERRORS.notDate
      if (filled(v.minDate) && value < v.minDate) return CRM_VALUE_ERRORS.beforeMinDate
      if (filled(v.maxDate) && value > v.maxDate) return CRM_VALUE_ERRORS.afterMaxDate
      return null
    }
  }
}

/** The value as stored: trimmed; a number with a dot. */
export function storedValue(field: CrmField, raw: string): string {
  const value = raw.trim()
  return field.validation.type === 'NUMBER' ? String(Number(value.replace(',', '.'))) : value
}

/** A new merchant field (§4: active, not required), with an id unlike the form's others. */
export function newCrmField(
  existing: readonly CrmField[],
  label = '',
  type: CrmFieldType = 'SHORT_TEXT',
): CrmField {
  const taken = new Set(existing.map((f) => f.localId))
  let n = existing.length + 1
  while (taken.has(`field${n}`)) n++
  return {
    localId: `field${n}`,
    label,
    status: 'ACTIVE',
    isStatic: false,
    isValid: label.trim() !== '',
    validation: { type, isRequired: false },
  }
}

/** The fields a customer fills in: the static ones, then the merchant's active ones, in order. */
export const activeFields = (fields: readonly CrmField[]) => fields.filter((f) => f.status === 'ACTIVE')
