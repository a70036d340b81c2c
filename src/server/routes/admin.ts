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
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import * as adminReads from '../services/admin'
import type { StaffChange } from '../services/admin-changes'
import * as adminChanges from '../services/admin-changes'
import * as adminMail from '../services/admin-mail'
import { bound } from '../services/bound'
import * as testSend from '../services/test-send'

export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { franchiseAudit, franchisePanel, listMerchants } = bound(app, adminReads)
  const { addFranchise, changeFeature, changeMerchantSubscription } = bound(app, adminChanges)
  const { addFranchiseOwner } = bound(app, adminChanges, (a) => a.mail)
  const { mailSentTo } = bound(app, adminMail, (a) => a.mail)
  const { limitTestSend } = bound(app, testSend)
  const { sendTest } = bound(app, testSend, (a) => a)
  const admin = allow('admin')

  // With the offline mail adapter the outbox is where e-mail is delivered: staff may read what an
  // address was sent (a sign-up link, a notice) for a merchant it never reached. A real provider
  // delivers it; then nothing is kept here.
  app.get(
    '/api/v2/admin/mail',
    { ...admin, schema: { querystring: MailOutboxQuery, response: { 200: MailOutboxList } } },
    async (request) => mailSentTo(request.query.recipient),
  )

  // Issue 35 §6: a test SMS or e-mail through the configured provider, to an address staff enters.
  app.post(
    '/api/v2/admin/test-send',
    {
      ...admin,
      preValidation: async (request: FastifyRequest) => limitTestSend(request.principal!.user.id),
      schema: { body: defaulted(TestSendRequest, {}), response: { 200: TestSendResult } },
    },
    async (request) => sendTest(request.body),
  )

  app.get(
    '/api/v2/users/merchants',
    { ...admin, schema: { querystring: MerchantListQuery, response: { 200: MerchantPage } } },
    async (request) => listMerchants(request.query),
  )

  /** Staff changes to a merchant show in its franchise panel's audit log: who made which call. */
  const staffChange = (request: FastifyRequest): StaffChange => ({
    userId: request.principal!.user.id,
    method: request.method,
    route: request.routeOptions.url,
    url: request.url,
  })

  for (const active of [true, false])
    app.patch(
      `/api/v2/users/:id/${active ? 'activate' : 'deactivate'}-subscription`,
      { ...admin, schema: { params: IdParams, response: { 200: MerchantRow } } },
      async (request) => changeMerchantSubscription(staffChange(request), request.params.id, active),
    )

  app.patch(
    '/api/v2/franchises/:id/features',
    {
      ...admin,
      schema: { params: IdParams, body: defaulted(FeatureToggle, {}), response: { 200: FranchiseFeatures } },
    },
    async (request) =>
      changeFeature(staffChange(request), request.params.id, request.body.feature, request.body.isEnabled),
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
      const created = await addFranchiseOwner(staffChange(request), input, app.config.publicUrl)
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
    async (request, reply) => reply.status(201).send(await addFranchise(staffChange(request), request.body)),
  )

  app.get(
    '/api/v2/franchises/:id/panel',
    { ...admin, schema: { params: IdParams, response: { 200: FranchisePanel } } },
    async (request) => franchisePanel(request.params.id),
  )

  app.get(
    '/api/v2/franchises/:id/audit-log',
    { ...admin, schema: { params: IdParams, querystring: AuditQuery, response: { 200: AuditPage } } },
    async (request) => franchiseAudit(request.params.id, request.query),
  )
}
