// The CRM stories' data: a saved form with a required text field, a number field and an archived one.
import { STATIC_CRM_FIELDS } from '../../src/domain/crm'
import type { CrmClientRow } from '../../src/domain/crm-clients'
import { crmField } from '../../tests/support/crm-fields'

export const FID = '11111111-1111-4111-8111-111111111111'
export const BAKERY = crmField('field1', 'Favourite bakery', {
  validation: { type: 'SHORT_TEXT', isRequired: true },
})
export const CHILDREN = crmField('field2', 'Children', {
  validation: { type: 'NUMBER', isRequired: false, min: 0, max: 12 },
})
export const OLD = crmField('field3', 'Loyalty card colour', { status: 'ARCHIVED' })
export const MERCHANT_FIELDS = [BAKERY, CHILDREN, OLD]
export const FORM_FIELDS = [...STATIC_CRM_FIELDS, ...MERCHANT_FIELDS]

export const ROWS: CrmClientRow[] = [
  ['Camille', 'Marchand', 'Poilâne', '2'],
  ['Hugo', 'Bernard', 'Du Pain et des Idées', ''],
  ['Léa', 'Petit', '', '1'],
].map(([firstName, lastName, bakery, children], i) => ({
  id: `33333333-3333-4333-8333-00000000000${i}`,
  firstName: firstName!,
  lastName: lastName!,
  email: `${firstName!.toLowerCase()}@example.test`,
  phone: `+3361122334${i}`,
  birthDate: `199${i}-04-02`,
  createdAt: '2026-11-01T10:00:00.000Z',
  values: {
    firstName: firstName!,
    ...(bakery ? { field1: bakery } : {}),
    ...(children ? { field2: children } : {}),
  },
}))
