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
import { GROUPS, isAdminRole } from '../../domain/roles'
import { checkSenderId } from '../../domain/sender-id'
import { parse } from '../errors'
import { allow } from '../plugins/route-contract'
import { recordAudit } from '../services/audit'
import {
  franchiseDetail,
  franchiseRow,
  setQualification,
  setSenderId,
  updateFranchise,
  updateTheme,
} from '../services/franchise-settings'
import { assertFranchise } from '../services/scope'

export default async function franchiseSettingsRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const owner = allow('owner')
  const fullAccess = allow('fullAccess')
  // The sender id is also set by staff from the franchise panel (issue 7).
  const ownerOrAdmin = allow([...GROUPS.owner, ...GROUPS.admin])
  const fullAccessOrAdmin = allow([...GROUPS.fullAccess, ...GROUPS.admin])
  /** The franchise id of the path, checked against the caller's scope (staff act on any franchise). */
  const franchiseIdOf = (request: FastifyRequest) => {
    const { id } = parse(IdParams, request.params, 'params')
    if (!isAdminRole(request.principal!.role)) assertFranchise(request.principal!.scope, id)
    return id
  }
  const canEdit = (request: FastifyRequest) => request.principal!.scope.storeIds === null

  // Before /:id, so that "sender-validity" is never read as an id.
  app.get('/api/v2/franchises/sender-validity', ownerOrAdmin, async (request) => {
    const { value } = parse(type({ value: defaulted(size(string(), 0, 200), '') }), request.query, 'query')
    return checkSenderId(value)
  })

  app.get('/api/v2/franchises/:id', owner, async (request) => {
    const id = franchiseIdOf(request)
    return franchiseDetail(db(), await franchiseRow(db(), id), canEdit(request))
  })

  app.patch('/api/v2/franchises/:id', fullAccess, async (request) => {
    const id = franchiseIdOf(request)
    const patch = parse(FranchisePatch, request.body ?? {})
    return franchiseDetail(db(), await updateFranchise(db(), id, patch), true)
  })

  app.patch('/api/v2/franchises/:id/theme', fullAccess, async (request) => {
    const id = franchiseIdOf(request)
    const theme = parse(FranchiseTheme, request.body)
    return franchiseDetail(db(), await updateTheme(db(), id, theme), true)
  })

  const qualification = async (request: FastifyRequest) => {
    const id = franchiseIdOf(request)
    const q = parse(ClientQualification, request.body)
    return franchiseDetail(db(), await setQualification(db(), id, q), true)
  }
  // §7 names both verbs; the qualification always exists (it has a default), so both replace it.
  app.post('/api/franchises/:id/clientQualification', fullAccess, qualification)
  app.put('/api/franchises/:id/clientQualification', fullAccess, qualification)

  app.patch('/api/v2/franchises/:id/sender-id', fullAccessOrAdmin, async (request) => {
    const id = franchiseIdOf(request)
    const { senderId } = parse(SenderIdBody, request.body)
    const detail = franchiseDetail(db(), await setSenderId(db(), id, senderId), true)
    const p = request.principal!
    // A change made by staff shows in the franchise panel's audit log.
    if (isAdminRole(p.role))
      await recordAudit(db(), {
        franchiseId: id,
        userId: p.user.id,
        impostorOf: null,
        action: 'PATCH /api/v2/franchises/:id/sender-id',
        details: { senderId },
      })
    return detail
  })
}
