// SPEC §5 CRM rules (issue 21), shared by the builder, the server and the landing page.
import { describe, expect, it } from 'vitest'
import {
  CRM_RULES,
  CRM_VALUE_ERRORS,
  type CrmField,
  fieldRuleErrors,
  isFieldValid,
  isFormValid,
  newCrmField,
  STATIC_CRM_FIELDS,
  storedValue,
  valueError,
  withValidity,
} from '../../src/domain/crm'
import { isCalendarDay } from '../../src/domain/input'

const field = (validation: Partial<CrmField['validation']>, over: Partial<CrmField> = {}): CrmField => ({
  localId: 'f1',
  label: 'Favourite bakery',
  status: 'ACTIVE',
  isStatic: false,
  isValid: true,
  validation: { type: 'SHORT_TEXT', isRequired: false, ...validation },
  ...over,
})

describe('field rules', () => {
  it('a number field needs its minimum below its maximum', () => {
    expect(fieldRuleErrors(field({ type: 'NUMBER', min: 10, max: 5 }))).toEqual({
      min: CRM_RULES.minAboveMax,
    })
    expect(fieldRuleErrors(field({ type: 'NUMBER', min: 5, max: 5 }))).toEqual({ min: CRM_RULES.minAboveMax })
    expect(fieldRuleErrors(field({ type: 'NUMBER', min: 1, max: 5 }))).toEqual({})
    expect(fieldRuleErrors(field({ type: 'NUMBER', min: 1 }))).toEqual({})
  })
  it('dates must be real days, the minimum before the maximum', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true)
    expect(isCalendarDay('2026-02-29')).toBe(false)
    expect(isCalendarDay('2026-13-01')).toBe(false)
    // Year 0 is no day PostgreSQL stores (the fuzz found a game starting then answered 500).
    expect(isCalendarDay('0000-01-01')).toBe(false)
    expect(isCalendarDay('0001-01-01')).toBe(true)
    expect(fieldRuleErrors(field({ type: 'DATE', minDate: '2026-02-30' }))).toEqual({
      minDate: CRM_RULES.invalidDate,
    })
    expect(fieldRuleErrors(field({ type: 'DATE', minDate: '2026-05-01', maxDate: '2026-04-01' }))).toEqual({
      minDate: CRM_RULES.minDateAfterMaxDate,
    })
    expect(isFieldValid(field({ type: 'DATE', minDate: '2026-01-01', maxDate: '2026-04-01' }))).toBe(true)
  })
  it('a text field needs a label and its lengths in order', () => {
    expect(fieldRuleErrors(field({}, { label: '  ' }))).toEqual({ label: CRM_RULES.labelRequired })
    expect(fieldRuleErrors(field({ minLength: 5, maxLength: 3 }))).toEqual({
      minLength: CRM_RULES.minLengthAboveMaxLength,
    })
  })
  it('the form is valid only when every field is and ids are unique', () => {
    const good = field({})
    expect(isFormValid([...STATIC_CRM_FIELDS, good])).toBe(true)
    expect(isFormValid([good, field({ type: 'NUMBER', min: 3, max: 1 }, { localId: 'f2' })])).toBe(false)
    expect(isFormValid([good, { ...good }])).toBe(false)
    expect(withValidity([field({ type: 'NUMBER', min: 3, max: 1 }, { isValid: true })])[0]!.isValid).toBe(
      false,
    )
  })
  it('a new field is active, not required, with a fresh id', () => {
    const f = newCrmField([field({}, { localId: 'field2' })])
    expect(f).toMatchObject({ localId: 'field3', status: 'ACTIVE', isStatic: false })
    expect(f.validation.isRequired).toBe(false)
  })
})

describe('values', () => {
  it('a required field blocks an empty value; an optional one does not', () => {
    expect(valueError(field({ isRequired: true }), '  ')).toBe(CRM_VALUE_ERRORS.required)
    expect(valueError(field({}), '')).toBeNull()
  })
  it('numbers: decimal comma or dot, within bounds', () => {
    const n = field({ type: 'NUMBER', min: 0, max: 10 })
    expect(valueError(n, '2,5')).toBeNull()
    expect(storedValue(n, '2,5')).toBe('2.5')
    expect(valueError(n, '11')).toBe(CRM_VALUE_ERRORS.aboveMax)
    expect(valueError(n, '-1')).toBe(CRM_VALUE_ERRORS.belowMin)
    expect(valueError(n, '1e3')).toBe(CRM_VALUE_ERRORS.notNumber)
  })
  it('dates within bounds; texts within lengths', () => {
    const d = field({ type: 'DATE', minDate: '2000-01-01', maxDate: '2010-12-31' })
    expect(valueError(d, '1999-12-31')).toBe(CRM_VALUE_ERRORS.beforeMinDate)
    expect(valueError(d, '2011-01-01')).toBe(CRM_VALUE_ERRORS.afterMaxDate)
    expect(valueError(d, '2005-02-30')).toBe(CRM_VALUE_ERRORS.notDate)
    expect(valueError(field({ minLength: 3, maxLength: 5 }), 'ab')).toBe(CRM_VALUE_ERRORS.tooShort)
    expect(valueError(field({ minLength: 3, maxLength: 5 }), 'abcdef')).toBe(CRM_VALUE_ERRORS.tooLong)
    expect(valueError(field({}), 'x'.repeat(201))).toBe(CRM_VALUE_ERRORS.tooLong)
  })
})

describe('who manages the franchise settings (CRM form, e-marketing)', () => {
  it('is the franchise manager only', async () => {
    const { managesFranchiseSettings } = await import('../../src/domain/roles')
    expect(managesFranchiseSettings('FRANCHISE_OWNER')).toBe(true)
    for (const role of ['STORE_OWNER', 'LB_TECH', 'REGISTERED', null])
      expect(managesFranchiseSettings(role)).toBe(false)
  })
})
