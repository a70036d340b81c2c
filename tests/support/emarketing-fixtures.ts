// Shared fixtures of the e-marketing front-end tests and stories (issue 21).
import { STATIC_CRM_FIELDS } from '../../src/domain/crm'
import type { LandingInfo } from '../../src/domain/emarketing'

/** Maison Dupont's public landing page: its theme, 20 points, and a required custom CRM field. */
export const LANDING_INFO: LandingInfo = {
  link: 'dupont',
  franchiseName: 'Maison Dupont',
  logo: null,
  country: 'FR',
  theme: { primaryColor: '#7c2d12', secondaryColor: '#f59e0b', tertiaryColor: '#fff7ed' },
  registrationPoints: 20,
  fields: [
    ...STATIC_CRM_FIELDS,
    {
      localId: 'bakery',
      label: 'Favourite bakery',
      status: 'ACTIVE',
      isStatic: false,
      isValid: true,
      validation: { type: 'SHORT_TEXT', isRequired: true, maxLength: 20 },
    },
  ],
}
