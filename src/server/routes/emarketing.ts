// E-marketing (issue 21, SPEC §7 "Automated marketing and e-marketing"): the merchant's set-up calls.
// Full access (§6: e-marketing is activated by the franchise manager or the account manager, staff).
// The public landing page's calls (no token; the link is the key) are under /api/v2/public/emarketings.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  AvailabilityQuery,
  EmarketingInput,
  RegisterInput,
  type RegisterResult,
  SlugParams,
} from '../../domain/emarketing'
import { IdParams } from '../../domain/ids'
import { PhoneCodeConfirm, PhoneCodeRequest } from '../../domain/phone-codes'
import { GROUPS } from '../../domain/roles'
import { parse } from '../errors'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow } from '../plugins/route-contract'
import {
  createEmarketing,
  emarketingOfUser,
  linkAvailability,
  updateEmarketing,
} from '../services/emarketing'
import {
  confirmLandingCode,
  landingInfo,
  limitLanding,
  pageOf,
  phoneOfPage,
  register,
  sendLandingCode,
} from '../services/emarketing-landing'
import { checkKey, requestHash, runOnce } from '../services/idempotency'

export default async function emarketingRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const managers = allow([...GROUPS.fullAccess, ...GROUPS.admin])

  app.post('/api/v2/emarketings', managers, async (request, reply) => {
    const input = parse(EmarketingInput, request.body)
    return reply.status(201).send(await createEmarketing(db(), request.tenant!, input))
  })

  app.put('/api/v2/emarketings/:id', managers, async (request) => {
    const { id } = parse(IdParams, request.params, 'params')
    const input = parse(EmarketingInput, request.body)
    return updateEmarketing(db(), request.tenant!, id, input)
  })

  app.get('/api/v2/users/:id/emarketing', managers, async (request) => {
    const { id } = parse(IdParams, request.params, 'params')
    return emarketingOfUser(db(), request.tenant!, id)
  })

  app.get('/api/v2/emarketings/:id/availability', managers, async (request) => {
    const { id } = parse(IdParams, request.params, 'params')
    const { link } = parse(AvailabilityQuery, request.query, 'query')
    return linkAvailability(db(), request.tenant!, id, link)
  })

  // Before the page exists there is no id to ask with: the same answer for a new page.
  app.get('/api/v2/emarketings/availability', managers, async (request) => {
    const { link } = parse(AvailabilityQuery, request.query, 'query')
    return linkAvailability(db(), request.tenant!, null, link)
  })

  // ——— The public landing page ———
  const publicPage = allow('public', AUTH_NEUTRAL)
  const slugOf = (request: FastifyRequest) => parse(SlugParams, request.params, 'params').slug

  app.get('/api/v2/public/emarketings/:slug', allow('public'), async (request) => {
    await limitLanding(db(), 'view', request.ip)
    return landingInfo(db(), slugOf(request))
  })

  app.post('/api/v2/public/emarketings/:slug/phone-code', publicPage, async (request) => {
    await limitLanding(db(), 'code', request.ip)
    const p = await pageOf(db(), slugOf(request))
    const { phone } = parse(PhoneCodeRequest, request.body ?? {})
    return sendLandingCode(db(), app.adapters.sms, p, phoneOfPage(p, phone))
  })

  app.post('/api/v2/public/emarketings/:slug/phone-code/confirm', publicPage, async (request) => {
    await limitLanding(db(), 'confirm', request.ip)
    const p = await pageOf(db(), slugOf(request))
    const { phone, code } = parse(PhoneCodeConfirm, request.body ?? {})
    return confirmLandingCode(db(), p, phoneOfPage(p, phone), code)
  })

  // A retry with the same Idempotency-Key gets the first answer; any other repeat is an existing client.
  app.post('/api/v2/public/emarketings/:slug/register', publicPage, async (request, reply) => {
    await limitLanding(db(), 'register', request.ip)
    const slug = slugOf(request)
    const input = parse(RegisterInput, request.body ?? {})
    const key = checkKey(request.headers['idempotency-key'] as string | undefined)
    const p = await pageOf(db(), slug)
    const result = await runOnce<RegisterResult>(
      db(),
      { key, userId: p.page.id, hash: requestHash('POST', `emarketing ${slug}`, input), statusCode: 201 },
      (tx) => register(tx, p, input),
    )
    if (result.replayed) reply.header('idempotent-replayed', 'true')
    return reply.status(result.statusCode).send(result.body)
  })
}
