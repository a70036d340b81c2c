// E-marketing (issue 21, SPEC §7 "Automated marketing and e-marketing"): the merchant's set-up calls.
// Full access (§6: e-marketing is activated by the franchise manager or the account manager, staff).
// The public landing page's calls are in routes/emarketing-public.ts.
import type { FastifyInstance } from 'fastify'
import { AvailabilityQuery, EmarketingInput } from '../../domain/emarketing'
import { IdParams } from '../../domain/ids'
import { GROUPS } from '../../domain/roles'
import { parse } from '../errors'
import { allow } from '../plugins/route-contract'
import {
  createEmarketing,
  emarketingOfUser,
  linkAvailability,
  updateEmarketing,
} from '../services/emarketing'

export default async function emarketingRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const managers = allow([...GROUPS.fullAccess, ...GROUPS.admin])

  app.post('/api/v2/emarketings', managers, async (request, reply) => {
    const input = parse(EmarketingInput, request.body)
    return reply.status(201).send(await createEmarketing(db(), request.tenant!, input))
  })

  app.put('/api/v2/emarketings/:id', managers, async (request) => {
    const { id } = parse(IdParams, request.params, 'params')
    const input = parse(EmarketingInput, request.body)
    return updateEmarketing(db(), request.tenant!, id, input)
  })

  app.get('/api/v2/users/:id/emarketing', managers, async (request) => {
    const { id } = parse(IdParams, request.params, 'params')
    return emarketingOfUser(db(), request.tenant!, id)
  })

  app.get('/api/v2/emarketings/:id/availability', managers, async (request) => {
    const { id } = parse(IdParams, request.params, 'params')
    const { link } = parse(AvailabilityQuery, request.query, 'query')
    return linkAvailability(db(), request.tenant!, id, link)
  })

  // Before the page exists there is no id to ask with: the same answer for a new page.
  app.get('/api/v2/emarketings/availability', managers, async (request) => {
    const { link } = parse(AvailabilityQuery, request.query, 'query')
    return linkAvailability(db(), request.tenant!, null, link)
  })
}
