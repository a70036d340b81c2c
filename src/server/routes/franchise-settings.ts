// SPEC §7 "Franchises": the franchise page. Reads: the franchise's owner, or one of its store owners
// (read-only); writes: full access (franchise owner). Another franchise's id is a 404.
import type { FastifyInstance } from 'fastify'
import { defaulted, size, string, type } from 'superstruct'
import {
  ClientQualification,
  FranchiseDetail,
  FranchisePatch,
  FranchiseTheme,
  SenderIdBody,
  SenderValidity,
} from '../../domain/franchise-settings'
import { IdParams } from '../../domain/ids'
import { GROUPS } from '../../domain/roles'
import { checkSenderId } from '../../domain/sender-id'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as franchiseSettings from '../services/franchise-settings'

export default async function franchiseSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { readFranchise, setQualification, setSenderId, updateFranchise, updateTheme } = bound(
    app,
    franchiseSettings,
  )
  const owner = allow('owner')
  const fullAccess = allow('fullAccess')
  // The sender id is also set by staff from the franchise panel (issue 7).
  const ownerOrAdmin = allow([...GROUPS.owner, ...GROUPS.admin])
  const fullAccessOrAdmin = allow([...GROUPS.fullAccess, ...GROUPS.admin])
  const detail = { 200: FranchiseDetail }

  // Before /:id, so that "sender-validity" is never read as an id.
  app.get(
    '/api/v2/franchises/sender-validity',
    {
      ...ownerOrAdmin,
      schema: {
        querystring: type({ value: defaulted(size(string(), 0, 200), '') }),
        response: { 200: SenderValidity },
      },
    },
    async (request) => checkSenderId(request.query.value),
  )

  app.get(
    '/api/v2/franchises/:id',
    { ...owner, schema: { params: IdParams, response: detail } },
    async (request) => readFranchise(request.tenant!, request.params.id),
  )

  // A PATCH without a body changes nothing.
  app.patch(
    '/api/v2/franchises/:id',
    { ...fullAccess, schema: { params: IdParams, body: defaulted(FranchisePatch, {}), response: detail } },
    async (request) => updateFranchise(request.tenant!, request.params.id, request.body),
  )

  app.patch(
    '/api/v2/franchises/:id/theme',
    { ...fullAccess, schema: { params: IdParams, body: FranchiseTheme, response: detail } },
    async (request) => updateTheme(request.tenant!, request.params.id, request.body),
  )

  // §7 names both verbs; the qualification always exists (it has a default), so both replace it.
  for (const method of ['post', 'put'] as const)
    app[method](
      '/api/franchises/:id/clientQualification',
      { ...fullAccess, schema: { params: IdParams, body: ClientQualification, response: detail } },
      async (request) => setQualification(request.tenant!, request.params.id, request.body),
    )

  app.patch(
    '/api/v2/franchises/:id/sender-id',
    { ...fullAccessOrAdmin, schema: { params: IdParams, body: SenderIdBody, response: detail } },
    async (request) => setSenderId(request.tenant!, request.params.id, request.body.senderId),
  )
}
