// E-marketing (issue 21, SPEC §7 "Automated marketing and e-marketing"): the merchant's set-up calls.
// Full access (§6: e-marketing is activated by the franchise manager or the account manager, staff).
// The public landing page's calls (no token; the link is the key) are under /api/v2/public/emarketings.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { is, nullable } from 'superstruct'
import {
  Availability,
  AvailabilityQuery,
  Emarketing,
  EmarketingInput,
  LandingInfoResponse,
  RegisterInput,
  RegisterResult,
  SlugParams,
} from '../../domain/emarketing'
import { IdParams } from '../../domain/ids'
import { absentAsEmpty } from '../../domain/input'
import {
  PhoneCodeConfirm,
  PhoneCodeConfirmed,
  PhoneCodeRequest,
  PhoneCodeSent,
} from '../../domain/phone-codes'
import { GROUPS } from '../../domain/roles'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as emarketing from '../services/emarketing'
import * as landing from '../services/emarketing-landing'
import { type Page, phoneOfPage } from '../services/emarketing-landing'
import { checkKey, requestHash } from '../services/idempotency'

type LandingKind = Parameters<typeof landing.limitLanding>[1]

export default async function emarketingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { createEmarketing, emarketingOfUser, linkAvailability, updateEmarketing } = bound(app, emarketing)
  const { confirmLandingCode, landingInfo, limitLanding, pageOf, registerOnce } = bound(app, landing)
  const { sendLandingCode } = bound(app, landing, (a) => a.sms)
  const managers = allow([...GROUPS.fullAccess, ...GROUPS.admin])

  app.post(
    '/api/v2/emarketings',
    { ...managers, schema: { body: EmarketingInput, response: { 201: Emarketing } } },
    async (request, reply) => reply.status(201).send(await createEmarketing(request.tenant!, request.body)),
  )

  app.put(
    '/api/v2/emarketings/:id',
    { ...managers, schema: { params: IdParams, body: EmarketingInput, response: { 200: Emarketing } } },
    async (request) => updateEmarketing(request.tenant!, request.params.id, request.body),
  )

  app.get(
    '/api/v2/users/:id/emarketing',
    { ...managers, schema: { params: IdParams, response: { 200: nullable(Emarketing) } } },
    async (request) => emarketingOfUser(request.tenant!, request.params.id),
  )

  app.get(
    '/api/v2/emarketings/:id/availability',
    {
      ...managers,
      schema: { params: IdParams, querystring: AvailabilityQuery, response: { 200: Availability } },
    },
    async (request) => linkAvailability(request.tenant!, request.params.id, request.query.link),
  )

  // Before the page exists there is no id to ask with: the same answer for a new page.
  app.get(
    '/api/v2/emarketings/availability',
    { ...managers, schema: { querystring: AvailabilityQuery, response: { 200: Availability } } },
    async (request) => linkAvailability(request.tenant!, null, request.query.link),
  )

  // ——— The public landing page ———
  // The limit counts every call, valid or not: it runs before the input is validated. The code
  // and register calls then look the page up, still before the body is validated: an unknown link is a 404
  // whatever the body (a malformed link is left to the params struct's 400).
  const publicPage = allow('public', AUTH_NEUTRAL)
  const limitHook = (kind: LandingKind) => async (request: FastifyRequest) => limitLanding(kind, request.ip)
  const limit = (kind: LandingKind) => ({ preValidation: limitHook(kind) })
  // The page the hook found, for the handler: one lookup per call.
  const pages = new WeakMap<FastifyRequest, Page>()
  const findPage = async (request: FastifyRequest) => {
    if (is(request.params, SlugParams)) pages.set(request, await pageOf(request.params.slug))
  }
  const pageOfRequest = (request: FastifyRequest) => pages.get(request)!
  const limitThenPage = (kind: LandingKind) => ({
    preValidation: [limitHook(kind), findPage],
  })

  app.get(
    '/api/v2/public/emarketings/:slug',
    {
      ...allow('public'),
      ...limit('view'),
      schema: { params: SlugParams, response: { 200: LandingInfoResponse } },
    },
    async (request) => landingInfo(request.params.slug),
  )

  app.post(
    '/api/v2/public/emarketings/:slug/phone-code',
    {
      ...publicPage,
      ...limitThenPage('code'),
      schema: { params: SlugParams, body: absentAsEmpty(PhoneCodeRequest), response: { 200: PhoneCodeSent } },
    },
    async (request) => {
      const p = pageOfRequest(request)
      return sendLandingCode(p, phoneOfPage(p, request.body.phone), request.body.language)
    },
  )

  app.post(
    '/api/v2/public/emarketings/:slug/phone-code/confirm',
    {
      ...publicPage,
      ...limitThenPage('confirm'),
      schema: {
        params: SlugParams,
        body: absentAsEmpty(PhoneCodeConfirm),
        response: { 200: PhoneCodeConfirmed },
      },
    },
    async (request) => {
      const p = pageOfRequest(request)
      return confirmLandingCode(p, phoneOfPage(p, request.body.phone), request.body.code)
    },
  )

  // A retry with the same Idempotency-Key gets the first answer; any other repeat is an existing client.
  app.post(
    '/api/v2/public/emarketings/:slug/register',
    {
      ...publicPage,
      ...limitThenPage('register'),
      schema: { params: SlugParams, body: absentAsEmpty(RegisterInput), response: { 201: RegisterResult } },
    },
    async (request, reply) => {
      const { slug } = request.params
      const input = request.body
      const key = checkKey(request.headers['idempotency-key'] as string | undefined)
      const p = pageOfRequest(request)
      const result = await registerOnce(p, input, {
        key,
        hash: requestHash('POST', `emarketing ${slug}`, input),
      })
      if (result.replayed) reply.header('idempotent-replayed', 'true')
      // A replay answers the first call's status: always 201 here (the one given to runOnce).
      return reply.status(result.statusCode as 201).send(result.body)
    },
  )
}
