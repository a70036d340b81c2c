// SPEC §7 "Owners and admin" (the staff side) and the franchise panel's reads: every path here is for
// admins only (LB_SALE, LB_TECH, LB_DISTRIBUTOR); owners and store owners get a 403. An admin acting as
// a merchant holds the merchant's token, so these are closed to it too.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  AuditQuery,
  CreateFranchiseOwnerRequest,
  CreateFranchiseRequest,
  FeatureToggle,
  MerchantListQuery,
} from '../../domain/admin'
import { IdParams } from '../../domain/ids'
import { parse } from '../errors'
import { scrubUrl } from '../logging'
import { allow } from '../plugins/route-contract'
import {
  createFranchise,
  createFranchiseOwner,
  franchiseAudit,
  franchisePanel,
  listMerchants,
  setFeature,
  setMerchantSubscription,
} from '../services/admin'
import { recordAudit } from '../services/audit'

export default async function adminRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const admin = allow('admin')
  const idOf = (params: unknown) => parse(IdParams, params, 'params').id

  app.get('/api/v2/users/merchants', admin, async (request) =>
    listMerchants(db(), parse(MerchantListQuery, request.query ?? {}, 'query')),
  )

  /** Staff changes to a merchant show in its franchise panel's audit log. */
  const audit = (
    request: FastifyRequest,
    franchiseId: string | null | undefined,
    details: Record<string, unknown>,
    statusCode = 200,
  ) =>
    franchiseId
      ? recordAudit(db(), {
          franchiseId,
          userId: request.principal!.user.id,
          impostorOf: null,
          action: `${request.method} ${request.routeOptions.url}`,
          target: scrubUrl(request.url),
          details: { ...details, statusCode },
        })
      : Promise.resolve()

  const subscription = (active: boolean) => async (request: FastifyRequest) => {
    const row = await setMerchantSubscription(db(), idOf(request.params), active)
    await audit(request, row.franchise?.id, { merchant: row.email, isSubscribedRetailer: active })
    return row
  }
  app.patch('/api/v2/users/:id/activate-subscription', admin, subscription(true))
  app.patch('/api/v2/users/:id/deactivate-subscription', admin, subscription(false))

  app.patch('/api/v2/franchises/:id/features', admin, async (request) => {
    const id = idOf(request.params)
    const { feature, isEnabled } = parse(FeatureToggle, request.body ?? {})
    const result = await setFeature(db(), id, feature, isEnabled)
    await audit(request, id, { feature, isEnabled })
    return result
  })

  // A new franchise with its owner ({title, codeAlpha3}), or the owner of a franchise without one
  // ({franchiseId}); the owner is invited by e-mail either way.
  app.post('/api/v2/franchise-owner', admin, async (request, reply) => {
    const input = parse(CreateFranchiseOwnerRequest, request.body ?? {}) as CreateFranchiseOwnerRequest
    const created = await createFranchiseOwner(db(), app.adapters.mail, input, app.config.publicUrl)
    await audit(
      request,
      created.franchise.id,
      { owner: created.owner.email, newFranchise: input.franchiseId === undefined },
      201,
    )
    return reply.status(201).send(created)
  })

  // A franchise for an existing merchant (userId) or without an owner yet.
  app.post('/api/v2/franchises', admin, async (request, reply) => {
    const input = parse(CreateFranchiseRequest, request.body ?? {})
    const created = await createFranchise(db(), input)
    await audit(request, created.id, { title: created.name, userId: created.userId }, 201)
    return reply.status(201).send(created)
  })

  app.get('/api/v2/franchises/:id/panel', admin, async (request) =>
    franchisePanel(db(), idOf(request.params)),
  )

  app.get('/api/v2/franchises/:id/audit-log', admin, async (request) => {
    const id = idOf(request.params)
    return franchiseAudit(db(), id, parse(AuditQuery, request.query ?? {}, 'query'))
  })
}
