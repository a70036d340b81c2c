// A merchant field of the registration form (issue 21) for tests and stories: active, optional short
// text unless `over` says otherwise.
import type { CrmField } from '../../src/domain/crm'

export const crmField = (localId: string, label: string, over: Partial<CrmField> = {}): CrmField => ({
  localId,
  label,
  status: 'ACTIVE',
  isStatic: false,
  isValid: true,
  validation: { type: 'SHORT_TEXT', isRequired: false },
  ...over,
})
