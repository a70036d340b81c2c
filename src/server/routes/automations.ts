// Automated marketing (issue 20; SPEC §7 "Automated marketing and e-marketing"): the three
// automations of a franchise, their detail and revenue, and the saves. Full access only (§6: the
// franchise owner); a foreign id is a 404.
import type { FastifyInstance } from 'fastify'
import { object } from 'superstruct'
import { AutomationInput } from '../../domain/automations'
import { Id, IdParams } from '../../domain/ids'
import { parse } from '../errors'
import { allow } from '../plugins/route-contract'
import {
  automationDetail,
  automationRevenue,
  createAutomation,
  listAutomations,
  updateAutomation,
} from '../services/automations'

const UserAutomationParams = object({ id: Id, automationId: Id })

export default async function automationRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const fullAccess = allow('fullAccess')
  const publicUrl = () => app.config.publicUrl

  app.get('/api/v2/franchises/:id/automated-marketings', fullAccess, async (request) => {
    const { id } = parse(IdParams, request.params, 'params')
    return listAutomations(db(), request.tenant!, id)
  })

  app.get('/api/v2/franchises/:id/automated-marketings/revenue', fullAccess, async (request) => {
    const { id } = parse(IdParams, request.params, 'params')
    return automationRevenue(db(), request.tenant!, id, 'current')
  })

  app.get('/api/v2/franchises/:id/automated-marketings/total-revenue', fullAccess, async (request) => {
    const { id } = parse(IdParams, request.params, 'params')
    return automationRevenue(db(), request.tenant!, id, 'total')
  })

  app.get('/api/v2/automated-marketings/:id/detail', fullAccess, async (request) => {
    const { id } = parse(IdParams, request.params, 'params')
    return automationDetail(db(), request.tenant!, id)
  })

  app.post('/api/v2/users/:id/automated-marketings', fullAccess, async (request, reply) => {
    const { id } = parse(IdParams, request.params, 'params')
    const input = parse(AutomationInput, request.body)
    return reply.status(201).send(await createAutomation(db(), request.tenant!, id, input, publicUrl()))
  })

  app.put('/api/v2/users/:id/automated-marketings/:automationId', fullAccess, async (request) => {
    const { id, automationId } = parse(UserAutomationParams, request.params, 'params')
    const input = parse(AutomationInput, request.body)
    return updateAutomation(db(), request.tenant!, id, automationId, input, publicUrl())
  })
}
