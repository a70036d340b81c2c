// The builder's changes to the form's fields, pure: the machine applies them, tests and stories call
// them too. The static fields (first name, date of birth) come first and are locked; every change
// below leaves them as they are.
import {
  CRM_RULES,
  type CrmField,
  type CrmFieldErrors,
  type CrmFieldType,
  fieldRuleErrors,
  withValidity,
} from '../../src/domain/crm'

/** The limits a field's type may carry (§3), edited as text and stored as numbers or days. */
export const CRM_LIMITS = {
  SHORT_TEXT: ['minLength', 'maxLength'],
  NUMBER: ['min', 'max'],
  DATE: ['minDate', 'maxDate'],
} as const satisfies Record<CrmFieldType, readonly string[]>
export type CrmLimit = (typeof CRM_LIMITS)[CrmFieldType][number]

export const isCrmLimit = (type: CrmFieldType, limit: string): limit is CrmLimit =>
  (CRM_LIMITS[type] as readonly string[]).includes(limit)

/** The merchant's fields (what a save sends), in order. */
export const merchantFields = (fields: readonly CrmField[]) => fields.filter((f) => !f.isStatic)
export const staticFields = (fields: readonly CrmField[]) => fields.filter((f) => f.isStatic)

export const isMerchantField = (fields: readonly CrmField[], localId: string) =>
  fields.some((f) => f.localId === localId && !f.isStatic)

/** `localId`'s field changed by `change`; a static field or an unknown id changes nothing. */
export function updateField(
  fields: readonly CrmField[],
  localId: string,
  change: (field: CrmField) => CrmField,
): CrmField[] {
  return fields.map((f) => (f.localId === localId && !f.isStatic ? withValidity([change(f)])[0]! : f))
}

/** Another type drops the limits of the former one (a minimum length means nothing to a date). */
export const withType = (field: CrmField, type: CrmFieldType): CrmField =>
  field.validation.type === type
    ? field
    : { ...field, validation: { type, isRequired: field.validation.isRequired } }

/** A limit as typed: empty clears it; a number field's limits are numbers (NaN shows as invalid). */
export function withLimit(field: CrmField, limit: CrmLimit, text: string): CrmField {
  const value = text.trim()
  const { [limit]: _old, ...rest } = field.validation
  if (value === '') return { ...field, validation: rest }
  const stored = limit === 'minDate' || limit === 'maxDate' ? value : Number(value.replace(',', '.'))
  return { ...field, validation: { ...rest, [limit]: stored } }
}

/** The form with `localId`'s merchant field moved to position `to` among the merchant fields. */
export function moveField(fields: readonly CrmField[], localId: string, to: number): CrmField[] {
  const own = merchantFields(fields)
  const from = own.findIndex((f) => f.localId === localId)
  if (from < 0 || to < 0 || to >= own.length || to === from) return [...fields]
  const next = [...own]
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved!)
  return [...staticFields(fields), ...next]
}

export const canMove = (fields: readonly CrmField[], localId: string, to: number) => {
  const own = merchantFields(fields)
  const from = own.findIndex((f) => f.localId === localId)
  return from >= 0 && to >= 0 && to < own.length && to !== from
}

/** The errors of every field that has some, by local id (the builder marks those fields). */
export function formErrors(fields: readonly CrmField[]): Record<string, CrmFieldErrors> {
  const out: Record<string, CrmFieldErrors> = {}
  const seen = new Set<string>()
  for (const f of fields) {
    const e = fieldRuleErrors(f)
    if (seen.has(f.localId)) e.label = CRM_RULES.duplicateId
    seen.add(f.localId)
    if (Object.keys(e).length) out[f.localId] = e
  }
  return out
}

/** The form as loaded: the static fields first whatever the answer's order, then the merchant's. */
export const ordered = (fields: readonly CrmField[]) => [...staticFields(fields), ...merchantFields(fields)]
