// Outgoing webhooks (issue 23): the franchise's endpoint, franchise owners only.
import type { RouteCase } from './case-kit'

const webhook = { id: 'webhook' } as const
const endpointBody = () => ({
  url: 'https://hooks.example.com/other',
  events: ['client.created'],
  description: 'CRM',
})

export const WEBHOOKS_CASES: Record<string, RouteCase> = {
  'GET /api/v2/franchises/:fid/webhooks': { params: { fid: 'franchise' } },
  'POST /api/v2/franchises/:fid/webhooks': { params: { fid: 'franchise' }, body: endpointBody },
  'PATCH /api/v2/webhooks/:id': { params: webhook, body: () => ({ description: 'Renamed', enabled: false }) },
  'DELETE /api/v2/webhooks/:id': { params: webhook },
  'POST /api/v2/webhooks/:id/secret': { params: webhook },
  'POST /api/v2/webhooks/:id/test': { params: webhook },
  'GET /api/v2/webhooks/:id/deliveries': { params: webhook, query: () => ({ page: '1', size: '10' }) },
}
