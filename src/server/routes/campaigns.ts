// SPEC §7 "Campaigns and news" (issue 18): create, edit, send, pause, resume and cancel a campaign; its
// detail, recipients and history; the cost and the notified users of a set of filters. Merchants, and
// staff acting for them (the franchise's subscription and the §5 rules apply to both).
import type { FastifyInstance } from 'fastify'
import { object } from 'superstruct'
import {
  AudienceInput,
  Campaign,
  CampaignCost,
  CampaignHistoryQuery,
  CampaignInput,
  CampaignPage,
  NotifiedUserPage,
  NotifiedUsersQuery,
  RecipientPage,
  RecipientQuery,
  ShortLinkBase,
} from '../../domain/campaign-contract'
import { Id, IdParams } from '../../domain/ids'
import { GROUPS } from '../../domain/roles'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound, boundRead } from '../services/bound'
import * as campaignQueries from '../services/campaign-queries'
import * as campaigns from '../services/campaigns'

const SendParams = object({ fid: Id, id: Id })

export default async function campaignRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { getCampaign, listCampaigns, listRecipients, shortLinkBase } = bound(app, campaignQueries)
  const { audienceCost, notifiedUsers } = boundRead(app, campaignQueries)
  const { cancelCampaign, createCampaign, pauseCampaign, resumeCampaign, sendCampaign, updateCampaign } =
    bound(app, campaigns)
  const saving = () => ({ queue: app.campaignQueue, publicUrl: app.config.publicUrl })
  const access = allow([...GROUPS.owner, ...GROUPS.admin])
  const one = { params: IdParams, response: { 200: Campaign } }

  app.post(
    '/api/v2/franchises/:id/communication-campaigns',
    { ...access, schema: { params: IdParams, body: CampaignInput, response: { 201: Campaign } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createCampaign(request.tenant!, request.params.id, request.body, saving())),
  )

  app.put(
    '/api/v2/communication-campaigns/:id',
    { ...access, schema: { ...one, body: CampaignInput } },
    async (request) => updateCampaign(request.tenant!, request.params.id, request.body, saving()),
  )

  app.post(
    '/services/v2/franchises/:id/communication-campaigns/cost',
    { ...access, schema: { params: IdParams, body: AudienceInput, response: { 200: CampaignCost } } },
    async (request) => audienceCost(request.tenant!, request.params.id, request.body),
  )

  // The one public URL the sender writes short links on (config.publicUrl), for the editor's preview.
  app.get(
    '/api/v2/franchises/:id/communication-campaigns/short-link-base',
    { ...access, schema: { params: IdParams, response: { 200: ShortLinkBase } } },
    async (request) => shortLinkBase(request.tenant!, request.params.id, app.config.publicUrl),
  )

  app.post(
    '/api/v2/franchises/:id/communication-campaigns/notified-users',
    {
      ...access,
      schema: {
        params: IdParams,
        querystring: NotifiedUsersQuery,
        body: AudienceInput,
        response: { 200: NotifiedUserPage },
      },
    },
    async (request) => notifiedUsers(request.tenant!, request.params.id, request.body, request.query),
  )

  app.post(
    '/services/v2/franchises/:fid/communication-campaigns/:id/send',
    { ...access, schema: { params: SendParams, response: { 200: Campaign } } },
    async (request) => {
      const { fid, id } = request.params
      return sendCampaign(request.tenant!, fid, id, app.campaignQueue)
    },
  )

  app.patch('/api/v2/communication-campaigns/:id/cancel', { ...access, schema: one }, async (request) =>
    cancelCampaign(request.tenant!, request.params.id),
  )

  app.patch('/api/v2/communication-campaigns/:id/pause', { ...access, schema: one }, async (request) =>
    pauseCampaign(request.tenant!, request.params.id),
  )

  app.patch('/api/v2/communication-campaigns/:id/resume', { ...access, schema: one }, async (request) =>
    resumeCampaign(request.tenant!, request.params.id, app.campaignQueue),
  )

  app.get('/api/v2/communication-campaigns/:id', { ...access, schema: one }, async (request) =>
    getCampaign(request.tenant!, request.params.id),
  )

  app.get(
    '/api/v2/communication-campaigns/:id/recipients',
    {
      ...access,
      schema: { params: IdParams, querystring: RecipientQuery, response: { 200: RecipientPage } },
    },
    async (request) => listRecipients(request.tenant!, request.params.id, request.query),
  )

  app.get(
    '/api/v2/franchises/:id/communication-campaigns',
    {
      ...access,
      schema: { params: IdParams, querystring: CampaignHistoryQuery, response: { 200: CampaignPage } },
    },
    async (request) => listCampaigns(request.tenant!, request.params.id, request.query),
  )
}
