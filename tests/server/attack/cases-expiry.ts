// Points expiry (issue 23): the franchise's setting and a client's coming expiry.
import { franchise, type RouteCase } from './case-kit'

export const EXPIRY_CASES: Record<string, RouteCase> = {
  'GET /api/v2/franchises/:id/points-expiry': { params: franchise },
  'GET /api/v2/franchises/:id/points-expiry/preview': {
    params: franchise,
    query: () => ({ mode: 'INACTIVITY', months: '12', reminder: 'SMS' }),
  },
  'PUT /api/v2/franchises/:id/points-expiry': {
    params: franchise,
    body: () => ({
      mode: 'BATCH',
      months: 12,
      reminder: { enabled: true, channel: 'SMS', title: '', message: 'Vos points expirent dans 30 jours' },
    }),
  },
  'GET /api/v2/franchises/:fid/clients/:id/points-expiry': { params: { fid: 'franchise', id: 'client' } },
}
