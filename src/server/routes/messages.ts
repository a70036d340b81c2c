// Issue 19 "Messages sent": the SMS and pushes a franchise sent (the outbox), for its manager.
import type { FastifyInstance } from 'fastify'
import {
  coerce,
  defaulted,
  enums,
  integer,
  max,
  min,
  object,
  optional,
  size,
  string,
  type,
} from 'superstruct'
import { Id } from '../../domain/ids'
import {
  MESSAGE_CHANNELS,
  MESSAGE_LIST_DEFAULTS,
  MESSAGE_SEARCH_MAX,
  MessagePage,
} from '../../domain/messages'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as messages from '../services/messages'

const int = (lo: number, hi: number, dflt: number) =>
  defaulted(
    coerce(min(max(integer(), hi), lo), string(), (v) => (v.trim() === '' ? Number.NaN : Number(v))),
    dflt,
  )

const ListQuery = type({
  page: int(1, 1_000_000, MESSAGE_LIST_DEFAULTS.page),
  size: int(1, 100, MESSAGE_LIST_DEFAULTS.size),
  search: defaulted(size(string(), 0, MESSAGE_SEARCH_MAX), MESSAGE_LIST_DEFAULTS.search),
  channel: optional(enums(MESSAGE_CHANNELS)),
  campaignId: optional(Id),
})

export default async function messageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { listMessages } = bound(app, messages)
  // The franchise manager's page: a store owner's customers are the whole franchise's, so it is refused.
  app.get(
    '/api/v2/franchises/:id/messages',
    {
      ...allow('fullAccess'),
      schema: { params: object({ id: Id }), querystring: ListQuery, response: { 200: MessagePage } },
    },
    async (request) => {
      const q = request.query
      return listMessages(request.tenant!, request.params.id, {
        ...q,
        search: q.search.trim(),
      })
    },
  )
}
