// SPEC §7 "Stores", opinions calls (issue 6): the public opinion a customer leaves, the merchant's reply,
// the satisfaction summary and one store's opinions.
import type { FastifyInstance } from 'fastify'
import {
  boolean,
  coerce,
  defaulted,
  enums,
  integer,
  max,
  min,
  object,
  optional,
  string,
  type,
} from 'superstruct'
import { Id, IdParams } from '../../domain/ids'
import {
  OPINION_PAGE_SIZE,
  Opinion,
  OpinionInput,
  OpinionPage,
  ReplyInput,
  Satisfaction,
} from '../../domain/opinions'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as opinions from '../services/opinions'

const int = (lo: number, hi: number) => coerce(min(max(integer(), hi), lo), string(), (v) => Number(v))

const ListQuery = type({
  page: defaulted(int(1, 1_000_000), 1),
  size: defaulted(int(1, 100), OPINION_PAGE_SIZE),
  rating: optional(int(1, 5)),
  replied: optional(coerce(boolean(), enums(['true', 'false']), (v) => v === 'true')),
})
const SatisfactionQuery = type({ storeId: optional(Id) })
const OpinionParams = object({ id: Id, opinionId: Id })

export default async function opinionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { leaveOpinion, listOpinions, replyToOpinion, satisfaction } = bound(app, opinions)
  const owner = allow('owner')

  // Public: the scan page has no merchant token. The service rate limits by address and client.
  // No body reads as `{}` (the 400 then names the missing rating).
  app.post(
    '/api/stores/:id/storeOpinions',
    {
      ...allow('public'),
      schema: { params: IdParams, body: defaulted(OpinionInput, {}), response: { 201: Opinion } },
    },
    async (request, reply) =>
      reply.status(201).send(await leaveOpinion(request.params.id, request.body, request.ip)),
  )

  app.put(
    '/api/stores/:id/storeOpinions/:opinionId',
    {
      ...owner,
      schema: { params: OpinionParams, body: defaulted(ReplyInput, {}), response: { 200: Opinion } },
    },
    async (request) =>
      replyToOpinion(request.tenant!, request.params.id, request.params.opinionId, request.body.reply),
  )

  app.get(
    '/api/v2/stores/opinions',
    { ...owner, schema: { querystring: SatisfactionQuery, response: { 200: Satisfaction } } },
    async (request) => satisfaction(request.tenant!, request.query.storeId),
  )

  app.get(
    '/api/v2/stores/:id/opinions',
    { ...owner, schema: { params: IdParams, querystring: ListQuery, response: { 200: OpinionPage } } },
    async (request) => {
      const q = request.query
      return listOpinions(request.tenant!, request.params.id, {
        page: q.page,
        size: q.size,
        ...(q.rating ? { rating: q.rating } : {}),
        ...(q.replied !== undefined ? { replied: q.replied } : {}),
      })
    },
  )
}
