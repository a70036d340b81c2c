// SPEC §7 "Owners and admin": the store owners of the caller's franchise (full access only, §6).
import type { FastifyInstance } from 'fastify'
import { coerce, defaulted, integer, max, min, object, optional, size, string, type } from 'superstruct'
import { Id } from '../../domain/ids'
import { CreateOwnerRequest, OWNER_LIST_DEFAULTS, UpdateOwnerRequest } from '../../domain/owners'
import { notFound, parse } from '../errors'
import { allow } from '../plugins/route-contract'
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
const OwnerParams = object({ id: Id })

export default async function ownerRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const fullAccess = allow('fullAccess')

  app.post('/api/v2/users/owners', fullAccess, async (request, reply) => {
    const input = parse(CreateOwnerRequest, request.body)
    const owner = await createOwner(db(), app.adapters.mail, request.tenant!, input, app.config.publicUrl)
    return reply.status(201).send(owner)
  })

  app.get('/api/v2/users/owners', fullAccess, async (request) => {
    const q = parse(ListQuery, request.query, 'query')
    return listOwners(db(), request.tenant!, q)
  })

  app.put('/api/v2/users/owners/:id', fullAccess, async (request) => {
    const { id } = parse(OwnerParams, request.params, 'params')
    const { franchiseId } = parse(FranchiseQuery, request.query, 'query')
    const { storeIds } = parse(UpdateOwnerRequest, request.body)
    return updateOwnerStores(db(), request.tenant!, franchiseId, id, storeIds)
  })

  app.delete('/api/v2/users/owners/:id', fullAccess, async (request, reply) => {
    const { id } = parse(OwnerParams, request.params, 'params')
    const { franchiseId } = parse(FranchiseQuery, request.query, 'query')
    await unlinkOwner(db(), request.tenant!, franchiseId, id)
    return reply.status(204).send()
  })

  app.post('/api/v2/users/owners/:id/invitation', fullAccess, async (request) => {
    const { id } = parse(OwnerParams, request.params, 'params')
    const { franchiseId } = parse(FranchiseQuery, request.query, 'query')
    return resendInvitation(db(), app.adapters.mail, request.tenant!, franchiseId, id, app.config.publicUrl)
  })

  // With the offline mail adapter the outbox is where e-mail is delivered: the franchise manager can
  // read the invitation there and hand it over. A real mail provider delivers it; then there is none.
  app.get('/api/v2/users/owners/:id/invitation', fullAccess, async (request) => {
    const { id } = parse(OwnerParams, request.params, 'params')
    const { franchiseId } = parse(FranchiseQuery, request.query, 'query')
    if (app.adapters.mail.kind !== 'local') throw notFound('INVITATION_NOT_FOUND', 'No invitation kept here')
    return latestInvitation(db(), request.tenant!, franchiseId, id)
  })
}
