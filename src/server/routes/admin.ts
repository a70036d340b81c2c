// SPEC §7 "Owners and admin" (the staff side) and the franchise panel's reads: every path here is for
// admins only (LB_SALE, LB_TECH, LB_DISTRIBUTOR); owners and store owners get a 403. An admin acting as
// a merchant holds the merchant's token, so these are closed to it too.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { defaulted } from 'superstruct'
import {
  AuditPage,
  AuditQuery,
  CreatedFranchise,
  CreatedFranchiseOwner,
  CreateFranchiseOwnerRequest,
  CreateFranchiseRequest,
  FeatureToggle,
  FranchiseFeatures,
  FranchisePanel,
  MailOutboxList,
  MailOutboxQuery,
  MerchantListQuery,
  MerchantPage,
  MerchantRow,
} from '../../domain/admin'
import { IdParams } from '../../domain/ids'
import { TestSendRequest, TestSendResult } from '../../domain/test-send'
import { notFound } from '../errors'
import { scrubUrl } from '../logging'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import {
  createFranchise,
  createFranchiseOwner,
  franchiseAudit,
  franchisePanel,
  listMerchants,
  setFeature,
  setMerchantSubscription,
} from '../services/admin'
import { mailSentTo } from '../services/admin-mail'
import { recordAudit } from '../services/audit'
import { limitTestSend, sendTest } from '../services/test-send'

export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const db = () => app.database.db
  const admin = allow('admin')

  // With the offline mail adapter the outbox is where e-mail is delivered: staff may read what an
  // address was sent (a sign-up link, a notice) for a merchant it never reached. A real provider
  // delivers it; then nothing is kept here.
  app.get(
    '/api/v2/admin/mail',
    { ...admin, schema: { querystring: MailOutboxQuery, response: { 200: MailOutboxList } } },
    async (request) => {
      if (app.adapters.mail.kind !== 'local') throw notFound('MAIL_NOT_KEPT', 'No mail is kept here')
      return mailSentTo(db(), request.query.recipient)
    },
  )

  // Issue 35 §6: a test SMS or e-mail through the configured provider, to an address staff enters.
  app.post(
    '/api/v2/admin/test-send',
    {
      ...admin,
      preValidation: async (request: FastifyRequest) => limitTestSend(db(), request.principal!.user.id),
      schema: { body: defaulted(TestSendRequest, {}), response: { 200: TestSendResult } },
    },
    async (request) => sendTest(db(), app.adapters, request.body),
  )

  app.get(
    '/api/v2/users/merchants',
    { ...admin, schema: { querystring: MerchantListQuery, response: { 200: MerchantPage } } },
    async (request) => listMerchants(db(), request.query),
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

  for (const active of [true, false])
    app.patch(
      `/api/v2/users/:id/${active ? 'activate' : 'deactivate'}-subscription`,
      { ...admin, schema: { params: IdParams, response: { 200: MerchantRow } } },
      async (request) => {
        const row = await setMerchantSubscription(db(), request.params.id, active)
        await audit(request, row.franchise?.id, { merchant: row.email, isSubscribedRetailer: active })
        return row
      },
    )

  app.patch(
    '/api/v2/franchises/:id/features',
    {
      ...admin,
      schema: { params: IdParams, body: defaulted(FeatureToggle, {}), response: { 200: FranchiseFeatures } },
    },
    async (request) => {
      const { id } = request.params
      const { feature, isEnabled } = request.body
      const result = await setFeature(db(), id, feature, isEnabled)
      await audit(request, id, { feature, isEnabled })
      return result
    },
  )

  // A new franchise with its owner ({title, codeAlpha3}), or the owner of a franchise without one
  // ({franchiseId}); the owner is invited by e-mail either way.
  app.post(
    '/api/v2/franchise-owner',
    {
      ...admin,
      schema: { body: defaulted(CreateFranchiseOwnerRequest, {}), response: { 201: CreatedFranchiseOwner } },
    },
    async (request, reply) => {
      const input = request.body as CreateFranchiseOwnerRequest
      const created = await createFranchiseOwner(db(), app.adapters.mail, input, app.config.publicUrl)
      await audit(
        request,
        created.franchise.id,
        { owner: created.owner.email, newFranchise: input.franchiseId === undefined },
        201,
      )
      return reply.status(201).send(created)
    },
  )

  // A franchise for an existing merchant (userId) or without an owner yet.
  app.post(
    '/api/v2/franchises',
    {
      ...admin,
      schema: { body: defaulted(CreateFranchiseRequest, {}), response: { 201: CreatedFranchise } },
    },
    async (request, reply) => {
      const created = await createFranchise(db(), request.body)
      await audit(request, created.id, { title: created.name, userId: created.userId }, 201)
      return reply.status(201).send(created)
    },
  )

  app.get(
    '/api/v2/franchises/:id/panel',
    { ...admin, schema: { params: IdParams, response: { 200: FranchisePanel } } },
    async (request) => franchisePanel(db(), request.params.id),
  )

  app.get(
    '/api/v2/franchises/:id/audit-log',
    { ...admin, schema: { params: IdParams, querystring: AuditQuery, response: { 200: AuditPage } } },
    async (request) => franchiseAudit(db(), request.params.id, request.query),
  )
}
