// SPEC §7 "Owners and admin": the store owners of the caller's franchise (full access only, §6).
import type { FastifyInstance } from 'fastify'
import { coerce, defaulted, integer, max, min, optional, size, string, type } from 'superstruct'
import { Id, IdParams } from '../../domain/ids'
import {
  CreateOwnerRequest,
  OWNER_LIST_DEFAULTS,
  OwnerInvitation,
  OwnerPage,
  OwnerRow,
  UpdateOwnerRequest,
} from '../../domain/owners'
import { allow, NoContent, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as owners from '../services/owners'

const int = (lo: number, hi: number, dflt: number) =>
  defaulted(
    coerce(min(max(integer(), hi), lo), string(), (v) => Number(v)),
    dflt,
  )

const ListQuery = type({
  search: defaulted(size(string(), 0, 100), OWNER_LIST_DEFAULTS.search),
  page: int(1, 1_000_000, OWNER_LIST_DEFAULTS.page),
  size: int(1, 100, OWNER_LIST_DEFAULTS.size),
  franchiseId: optional(Id),
})
const FranchiseQuery = type({ franchiseId: optional(Id) })

export default async function ownerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { listOwners, unlinkOwner, updateOwnerStores } = bound(app, owners)
  const { createOwner, latestInvitation, resendInvitation } = bound(app, owners, (a) => a.mail)
  const fullAccess = allow('fullAccess')

  app.post(
    '/api/v2/users/owners',
    { ...fullAccess, schema: { body: CreateOwnerRequest, response: { 201: OwnerRow } } },
    async (request, reply) => {
      const owner = await createOwner(request.tenant!, request.body, app.config.publicUrl)
      return reply.status(201).send(owner)
    },
  )

  app.get(
    '/api/v2/users/owners',
    { ...fullAccess, schema: { querystring: ListQuery, response: { 200: OwnerPage } } },
    async (request) => listOwners(request.tenant!, request.query),
  )

  app.put(
    '/api/v2/users/owners/:id',
    {
      ...fullAccess,
      schema: {
        params: IdParams,
        querystring: FranchiseQuery,
        body: UpdateOwnerRequest,
        response: { 200: OwnerRow },
      },
    },
    async (request) =>
      updateOwnerStores(request.tenant!, request.query.franchiseId, request.params.id, request.body.storeIds),
  )

  app.delete(
    '/api/v2/users/owners/:id',
    {
      ...fullAccess,
      schema: { params: IdParams, querystring: FranchiseQuery, response: { 204: NoContent } },
    },
    async (request, reply) => {
      await unlinkOwner(request.tenant!, request.query.franchiseId, request.params.id)
      return reply.status(204).send()
    },
  )

  app.post(
    '/api/v2/users/owners/:id/invitation',
    { ...fullAccess, schema: { params: IdParams, querystring: FranchiseQuery, response: { 200: OwnerRow } } },
    async (request) =>
      resendInvitation(request.tenant!, request.query.franchiseId, request.params.id, app.config.publicUrl),
  )

  // With the offline mail adapter the outbox is where e-mail is delivered (services/owners.ts).
  app.get(
    '/api/v2/users/owners/:id/invitation',
    {
      ...fullAccess,
      schema: { params: IdParams, querystring: FranchiseQuery, response: { 200: OwnerInvitation } },
    },
    async (request) => latestInvitation(request.tenant!, request.query.franchiseId, request.params.id),
  )
}
