// A campaign's results (issue 18, SPEC §7 "Campaigns and news"): its stats, its coupon, the revenue
// campaigns brought a merchant; the recipients' short links `/r/{code}` and the public coupon page's
// call; the customer app's report of a push opened.
import type { FastifyInstance } from 'fastify'
import { object, pattern, string } from 'superstruct'
import { IdParams } from '../../domain/ids'
import { GROUPS } from '../../domain/roles'
import { SHORT_CODE } from '../../domain/short-links'
import { parse } from '../errors'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow } from '../plugins/route-contract'
import { currentCoupon } from '../services/campaign-coupons'
import { followShortLink, publicCoupon, pushOpened } from '../services/campaign-links'
import { campaignRevenue, campaignStatsOf } from '../services/campaign-stats'

const Code = pattern(string(), SHORT_CODE)
const CodeParams = object({ code: Code })

export default async function campaignResultRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const ownerOrAdmin = allow([...GROUPS.owner, ...GROUPS.admin])

  app.get('/api/v2/communication-campaigns/:id/stats', ownerOrAdmin, async (request) => {
    const { id } = parse(IdParams, request.params, 'params')
    return campaignStatsOf(db(), request.tenant!, id)
  })

  app.get('/api/v2/communication-campaigns/:id/current-coupon', ownerOrAdmin, async (request) => {
    const { id } = parse(IdParams, request.params, 'params')
    return currentCoupon(db(), request.tenant!, id)
  })

  app.get('/api/v2/users/:id/communication-campaigns/revenue', ownerOrAdmin, async (request) => {
    const { id } = parse(IdParams, request.params, 'params')
    return campaignRevenue(db(), request.tenant!, id)
  })

  // The recipient's short link: no token, the random code is the key (72 bits: not enumerable).
  app.get('/r/:code', allow('public', AUTH_NEUTRAL), async (request, reply) => {
    const { code } = parse(CodeParams, request.params, 'params')
    return reply.redirect(await followShortLink(db(), code, app.config.publicUrl), 302)
  })

  app.get('/api/public/campaign-links/:code/coupon', allow('public'), async (request) => {
    const { code } = parse(CodeParams, request.params, 'params')
    return publicCoupon(db(), code)
  })

  // The customer app, when a campaign's push notification is opened: the code from the push's link.
  app.post('/api/v2/communication-campaigns/:id/opened', allow('public', AUTH_NEUTRAL), async (request) => {
    const { id } = parse(IdParams, request.params, 'params')
    const { code } = parse(object({ code: Code }), request.body ?? {}, 'body')
    return pushOpened(db(), id, code)
  })
}
