// A campaign's results (issue 18, SPEC §7 "Campaigns and news"): its stats, its coupon, the revenue
// campaigns brought a merchant; the recipients' short links `/r/{code}` and the public coupon page's
// call; the customer app's report of a push opened.
import type { FastifyInstance } from 'fastify'
import { object, pattern, string } from 'superstruct'
import {
  CampaignCoupon,
  CampaignRevenue,
  CampaignStats,
  PublicCampaignCoupon,
  PushOpened,
} from '../../domain/campaign-contract'
import { IdParams } from '../../domain/ids'
import { absentAsEmpty } from '../../domain/input'
import { GROUPS } from '../../domain/roles'
import { SHORT_CODE } from '../../domain/short-links'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow, Redirect, type StructTypeProvider } from '../plugins/route-contract'
import { bound, boundRead } from '../services/bound'
import * as campaignCoupons from '../services/campaign-coupons'
import * as campaignLinks from '../services/campaign-links'
import * as campaignStats from '../services/campaign-stats'

const Code = pattern(string(), SHORT_CODE)
const CodeParams = object({ code: Code })
const OpenedBody = absentAsEmpty(object({ code: Code }))

export default async function campaignResultRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { currentCoupon } = bound(app, campaignCoupons)
  const { followShortLink, publicCoupon, pushOpened } = bound(app, campaignLinks)
  const { campaignRevenue, campaignStatsOf } = boundRead(app, campaignStats)
  const ownerOrAdmin = allow([...GROUPS.owner, ...GROUPS.admin])

  app.get(
    '/api/v2/communication-campaigns/:id/stats',
    { ...ownerOrAdmin, schema: { params: IdParams, response: { 200: CampaignStats } } },
    async (request) => campaignStatsOf(request.tenant!, request.params.id),
  )

  app.get(
    '/api/v2/communication-campaigns/:id/current-coupon',
    { ...ownerOrAdmin, schema: { params: IdParams, response: { 200: CampaignCoupon } } },
    async (request) => currentCoupon(request.tenant!, request.params.id),
  )

  app.get(
    '/api/v2/users/:id/communication-campaigns/revenue',
    { ...ownerOrAdmin, schema: { params: IdParams, response: { 200: CampaignRevenue } } },
    async (request) => campaignRevenue(request.tenant!, request.params.id),
  )

  // The recipient's short link: no token, the random code is the key (72 bits: not enumerable).
  app.get(
    '/r/:code',
    { ...allow('public', AUTH_NEUTRAL), schema: { params: CodeParams, response: { 302: Redirect } } },
    async (request, reply) =>
      reply.redirect(await followShortLink(request.params.code, app.config.publicUrl), 302),
  )

  app.get(
    '/api/public/campaign-links/:code/coupon',
    { ...allow('public'), schema: { params: CodeParams, response: { 200: PublicCampaignCoupon } } },
    async (request) => publicCoupon(request.params.code),
  )

  // The customer app, when a campaign's push notification is opened: the code from the push's link.
  app.post(
    '/api/v2/communication-campaigns/:id/opened',
    {
      ...allow('public', AUTH_NEUTRAL),
      schema: { params: IdParams, body: OpenedBody, response: { 200: PushOpened } },
    },
    async (request) => pushOpened(request.params.id, request.body.code),
  )
}
