// The export and GDPR routes (issue 23): what their ids name and a valid query.
import { campaign, type RouteCase } from './case-kit'

export const EXPORTS_CASES: Record<string, RouteCase> = {
  'GET /api/v2/exports/clients': {
    query: (r) => ({ franchiseId: r.franchise, filter: 'a', sort: 'points', order: 'asc', locale: 'en' }),
  },
  'GET /api/v2/franchises/:fid/exports/ledger': {
    params: { fid: 'franchise' },
    query: (r) => ({ from: '2026-01-01', to: '2026-12-31', clientId: r.client, locale: 'fr' }),
  },
  'GET /api/v2/communication-campaigns/:id/exports/recipients': {
    params: campaign,
    query: () => ({ locale: 'fr' }),
  },
  'GET /api/v2/franchises/:fid/clients/:id/personal-data': {
    params: { fid: 'franchise', id: 'client' },
    query: () => ({ format: 'html', locale: 'en' }),
  },
  'POST /api/v2/franchises/:fid/clients/:id/erase': { params: { fid: 'franchise', id: 'client' } },
  // A download link's ticket (issue 34): the caller's own, no ids.
  'POST /api/v2/downloads': {},
}
