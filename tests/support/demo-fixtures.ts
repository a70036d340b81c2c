// The demo franchise as GET /api/v2/demo answers it (machine, UI tests and stories of the demo pages).
import type { DemoFranchise } from '../../src/domain/demo'

export const DEMO: DemoFranchise = {
  franchise: {
    id: '00000000-0000-4000-8000-00000000de01',
    name: 'Le Comptoir Démo',
    currencyCode: 'EUR',
    timezone: 'Europe/Paris',
    loyaltyType: 'PASSAGE',
  },
  stores: [
    { id: '00000000-0000-4000-8000-00000000de11', name: 'Le Comptoir Démo — Bordeaux' },
    { id: '00000000-0000-4000-8000-00000000de12', name: 'Le Comptoir Démo — Lyon' },
  ],
}
