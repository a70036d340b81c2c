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
import { Id } from '../../domain/ids'
import { OPINION_PAGE_SIZE, OpinionInput, ReplyInput } from '../../domain/opinions'
import { parse } from '../errors'
import { allow } from '../plugins/route-contract'
import { leaveOpinion, listOpinions, replyToOpinion, satisfaction } from '../services/opinions'

const int = (lo: number, hi: number) => coerce(min(max(integer(), hi), lo), string(), (v) => Number(v))

const ListQuery = type({
  page: defaulted(int(1, 1_000_000), 1),
  size: defaulted(int(1, 100), OPINION_PAGE_SIZE),
  rating: optional(int(1, 5)),
  replied: optional(coerce(boolean(), enums(['true', 'false']), (v) => v === 'true')),
})

export default async function opinionRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const owner = allow('owner')

  // Public: the scan page has no merchant token. The service rate limits by address and client.
  app.post('/api/stores/:id/storeOpinions', allow('public'), async (request, reply) => {
    const { id } = parse(object({ id: Id }), request.params, 'params')
    const input = parse(OpinionInput, request.body ?? {})
    return reply.status(201).send(await leaveOpinion(db(), id, input, request.ip))
  })

  app.put('/api/stores/:id/storeOpinions/:opinionId', owner, async (request) => {
    const { id, opinionId } = parse(object({ id: Id, opinionId: Id }), request.params, 'params')
    const { reply } = parse(ReplyInput, request.body ?? {})
    return replyToOpinion(db(), request.tenant!, id, opinionId, reply)
  })

  app.get('/api/v2/stores/opinions', owner, async (request) => {
    const { storeId } = parse(type({ storeId: optional(Id) }), request.query, 'query')
    return satisfaction(db(), request.tenant!, storeId)
  })

  app.get('/api/v2/stores/:id/opinions', owner, async (request) => {
    const { id } = parse(object({ id: Id }), request.params, 'params')
    const q = parse(ListQuery, request.query, 'query')
    return listOpinions(db(), request.tenant!, id, {
      page: q.page,
      size: q.size,
      ...(q.rating ? { rating: q.rating } : {}),
      ...(q.replied !== undefined ? { replied: q.replied } : {}),
    })
  })
}
