// Automated marketing (issue 20; SPEC §7 "Automated marketing and e-marketing"): the three
// automations of a franchise, their detail and revenue, and the saves. Full access only (§6: the
// franchise owner); a foreign id is a 404.
import type { FastifyInstance } from 'fastify'
import { array, object } from 'superstruct'
import { Automation, AutomationDetail, AutomationInput, AutomationRevenue } from '../../domain/automations'
import { Id, IdParams } from '../../domain/ids'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import * as automations from '../services/automations'
import { bound } from '../services/bound'

const UserAutomationParams = object({ id: Id, automationId: Id })

export default async function automationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { automationDetail, automationRevenue, createAutomation, listAutomations, updateAutomation } = bound(
    app,
    automations,
  )
  const fullAccess = allow('fullAccess')
  const publicUrl = () => app.config.publicUrl

  app.get(
    '/api/v2/franchises/:id/automated-marketings',
    { ...fullAccess, schema: { params: IdParams, response: { 200: array(Automation) } } },
    async (request) => listAutomations(request.tenant!, request.params.id),
  )

  app.get(
    '/api/v2/franchises/:id/automated-marketings/revenue',
    { ...fullAccess, schema: { params: IdParams, response: { 200: AutomationRevenue } } },
    async (request) => automationRevenue(request.tenant!, request.params.id, 'current'),
  )

  app.get(
    '/api/v2/franchises/:id/automated-marketings/total-revenue',
    { ...fullAccess, schema: { params: IdParams, response: { 200: AutomationRevenue } } },
    async (request) => automationRevenue(request.tenant!, request.params.id, 'total'),
  )

  app.get(
    '/api/v2/automated-marketings/:id/detail',
    { ...fullAccess, schema: { params: IdParams, response: { 200: AutomationDetail } } },
    async (request) => automationDetail(request.tenant!, request.params.id),
  )

  app.post(
    '/api/v2/users/:id/automated-marketings',
    { ...fullAccess, schema: { params: IdParams, body: AutomationInput, response: { 201: Automation } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createAutomation(request.tenant!, request.params.id, request.body, publicUrl())),
  )

  app.put(
    '/api/v2/users/:id/automated-marketings/:automationId',
    {
      ...fullAccess,
      schema: { params: UserAutomationParams, body: AutomationInput, response: { 200: Automation } },
    },
    async (request) => {
      const { id, automationId } = request.params
      return updateAutomation(request.tenant!, id, automationId, request.body, publicUrl())
    },
  )
}
