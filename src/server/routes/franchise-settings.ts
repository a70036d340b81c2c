// SPEC §7 "Franchises": the franchise page. Reads: the franchise's owner, or one of its store owners
// (read-only); writes: full access (franchise owner). Another franchise's id is a 404.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { defaulted, size, string, type } from 'superstruct'
import {
  ClientQualification,
  FranchisePatch,
  FranchiseTheme,
  SenderIdBody,
} from '../../domain/franchise-settings'
import { IdParams } from '../../domain/ids'
import { GROUPS } from '../../domain/roles'
import { checkSenderId } from '../../domain/sender-id'
import { parse } from '../errors'
import { allow } from '../plugins/route-contract'
import {
  readFranchise,
  setQualification,
  setSenderId,
  updateFranchise,
  updateTheme,
} from '../services/franchise-settings'

export default async function franchiseSettingsRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const owner = allow('owner')
  const fullAccess = allow('fullAccess')
  // The sender id is also set by staff from the franchise panel (issue 7).
  const ownerOrAdmin = allow([...GROUPS.owner, ...GROUPS.admin])
  const fullAccessOrAdmin = allow([...GROUPS.fullAccess, ...GROUPS.admin])
  const franchiseIdOf = (request: FastifyRequest) => parse(IdParams, request.params, 'params').id

  // Before /:id, so that "sender-validity" is never read as an id.
  app.get('/api/v2/franchises/sender-validity', ownerOrAdmin, async (request) => {
    const { value } = parse(type({ value: defaulted(size(string(), 0, 200), '') }), request.query, 'query')
    return checkSenderId(value)
  })

  app.get('/api/v2/franchises/:id', owner, async (request) => {
    return readFranchise(db(), request.tenant!, franchiseIdOf(request))
  })

  app.patch('/api/v2/franchises/:id', fullAccess, async (request) => {
    const id = franchiseIdOf(request)
    const patch = parse(FranchisePatch, request.body ?? {})
    return updateFranchise(db(), request.tenant!, id, patch)
  })

  app.patch('/api/v2/franchises/:id/theme', fullAccess, async (request) => {
    const id = franchiseIdOf(request)
    const theme = parse(FranchiseTheme, request.body)
    return updateTheme(db(), request.tenant!, id, theme)
  })

  const qualification = async (request: FastifyRequest) => {
    const id = franchiseIdOf(request)
    const q = parse(ClientQualification, request.body)
    return setQualification(db(), request.tenant!, id, q)
  }
  // §7 names both verbs; the qualification always exists (it has a default), so both replace it.
  app.post('/api/franchises/:id/clientQualification', fullAccess, qualification)
  app.put('/api/franchises/:id/clientQualification', fullAccess, qualification)

  app.patch('/api/v2/franchises/:id/sender-id', fullAccessOrAdmin, async (request) => {
    const id = franchiseIdOf(request)
    const { senderId } = parse(SenderIdBody, request.body)
    return setSenderId(db(), request.tenant!, id, senderId)
  })
}
