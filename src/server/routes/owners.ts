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
import { notFound } from '../errors'
import { allow, NoContent, type StructTypeProvider } from '../plugins/route-contract'
import {
  createOwner,
  latestInvitation,
  listOwners,
  resendInvitation,
  unlinkOwner,
  updateOwnerStores,
} from '../services/owners'

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
  const db = () => app.database.db
  const fullAccess = allow('fullAccess')

  app.post(
    '/api/v2/users/owners',
    { ...fullAccess, schema: { body: CreateOwnerRequest, response: { 201: OwnerRow } } },
    async (request, reply) => {
      const owner = await createOwner(
        db(),
        app.adapters.mail,
        request.tenant!,
        request.body,
        app.config.publicUrl,
      )
      return reply.status(201).send(owner)
    },
  )

  app.get(
    '/api/v2/users/owners',
    { ...fullAccess, schema: { querystring: ListQuery, response: { 200: OwnerPage } } },
    async (request) => listOwners(db(), request.tenant!, request.query),
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
      updateOwnerStores(
        db(),
        request.tenant!,
        request.query.franchiseId,
        request.params.id,
        request.body.storeIds,
      ),
  )

  app.delete(
    '/api/v2/users/owners/:id',
    {
      ...fullAccess,
      schema: { params: IdParams, querystring: FranchiseQuery, response: { 204: NoContent } },
    },
    async (request, reply) => {
      await unlinkOwner(db(), request.tenant!, request.query.franchiseId, request.params.id)
      return reply.status(204).send()
    },
  )

  app.post(
    '/api/v2/users/owners/:id/invitation',
    { ...fullAccess, schema: { params: IdParams, querystring: FranchiseQuery, response: { 200: OwnerRow } } },
    async (request) =>
      resendInvitation(
        db(),
        app.adapters.mail,
        request.tenant!,
        request.query.franchiseId,
        request.params.id,
        app.config.publicUrl,
      ),
  )

  // With the offline mail adapter the outbox is where e-mail is delivered: the franchise manager can
  // read the invitation there and hand it over. A real mail provider delivers it; then there is none.
  app.get(
    '/api/v2/users/owners/:id/invitation',
    {
      ...fullAccess,
      schema: { params: IdParams, querystring: FranchiseQuery, response: { 200: OwnerInvitation } },
    },
    async (request) => {
      if (app.adapters.mail.kind !== 'local')
        throw notFound('INVITATION_NOT_FOUND', 'No invitation kept here')
      return latestInvitation(db(), request.tenant!, request.query.franchiseId, request.params.id)
    },
  )
}
