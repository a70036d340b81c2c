// SPEC §7 "Campaigns and news" (issue 18): create, edit, send, pause, resume and cancel a campaign; its
// detail, recipients and history; the cost and the notified users of a set of filters. Merchants, and
// staff acting for them (the franchise's subscription and the §5 rules apply to both).
import type { FastifyInstance } from 'fastify'
import { object } from 'superstruct'
import {
  AudienceInput,
  CampaignHistoryQuery,
  CampaignInput,
  NotifiedUsersQuery,
  RecipientQuery,
} from '../../domain/campaign-contract'
import { Id, IdParams } from '../../domain/ids'
import { GROUPS } from '../../domain/roles'
import { parse } from '../errors'
import { allow } from '../plugins/route-contract'
import {
  audienceCost,
  getCampaign,
  listCampaigns,
  listRecipients,
  notifiedUsers,
} from '../services/campaign-queries'
import {
  cancelCampaign,
  createCampaign,
  pauseCampaign,
  resumeCampaign,
  sendCampaign,
  updateCampaign,
} from '../services/campaigns'

export default async function campaignRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const saving = () => ({ queue: app.campaignQueue, publicUrl: app.config.publicUrl })
  const access = allow([...GROUPS.owner, ...GROUPS.admin])
  const idOf = (params: unknown) => parse(IdParams, params, 'params').id

  app.post('/api/v2/franchises/:id/communication-campaigns', access, async (request, reply) => {
    const id = idOf(request.params)
    const input = parse(CampaignInput, request.body)
    return reply.status(201).send(await createCampaign(db(), request.tenant!, id, input, saving()))
  })

  app.put('/api/v2/communication-campaigns/:id', access, async (request) => {
    const id = idOf(request.params)
    const input = parse(CampaignInput, request.body)
    return updateCampaign(db(), request.tenant!, id, input, saving())
  })

  app.post('/services/v2/franchises/:id/communication-campaigns/cost', access, async (request) => {
    const id = idOf(request.params)
    const input = parse(AudienceInput, request.body)
    return audienceCost(db(), request.tenant!, id, input)
  })

  app.post('/api/v2/franchises/:id/communication-campaigns/notified-users', access, async (request) => {
    const id = idOf(request.params)
    const page = parse(NotifiedUsersQuery, request.query, 'query')
    const input = parse(AudienceInput, request.body)
    return notifiedUsers(db(), request.tenant!, id, input, page)
  })

  app.post('/services/v2/franchises/:fid/communication-campaigns/:id/send', access, async (request) => {
    const { fid, id } = parse(object({ fid: Id, id: Id }), request.params, 'params')
    return sendCampaign(db(), request.tenant!, fid, id, app.campaignQueue)
  })

  app.patch('/api/v2/communication-campaigns/:id/cancel', access, async (request) =>
    cancelCampaign(db(), request.tenant!, idOf(request.params)),
  )

  app.patch('/api/v2/communication-campaigns/:id/pause', access, async (request) =>
    pauseCampaign(db(), request.tenant!, idOf(request.params)),
  )

  app.patch('/api/v2/communication-campaigns/:id/resume', access, async (request) =>
    resumeCampaign(db(), request.tenant!, idOf(request.params), app.campaignQueue),
  )

  app.get('/api/v2/communication-campaigns/:id', access, async (request) =>
    getCampaign(db(), request.tenant!, idOf(request.params)),
  )

  app.get('/api/v2/communication-campaigns/:id/recipients', access, async (request) => {
    const id = idOf(request.params)
    const q = parse(RecipientQuery, request.query, 'query')
    return listRecipients(db(), request.tenant!, id, q)
  })

  app.get('/api/v2/franchises/:id/communication-campaigns', access, async (request) => {
    const id = idOf(request.params)
    const q = parse(CampaignHistoryQuery, request.query, 'query')
    return listCampaigns(db(), request.tenant!, id, q)
  })
}
