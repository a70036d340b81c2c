// News and happy hours (issue 19; SPEC §7 "Campaigns and news": GET api/v2/news/{id}, the other calls
// named like it). Owners (franchise and store owners, §6); a foreign id is a 404 NEWS_NOT_FOUND.
import type { FastifyInstance } from 'fastify'
import { coerce, defaulted, enums, integer, max, min, optional, string, type } from 'superstruct'
import { CalendarAnswer, CalendarQuery } from '../../domain/calendar'
import { Id, IdParams } from '../../domain/ids'
import { NEWS_LIST_DEFAULTS, NEWS_STATUSES, NewsInput, NewsItem, NewsPage } from '../../domain/news'
import { allow, NoContent, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as calendars from '../services/calendar'
import * as news from '../services/news'

const int = (lo: number, hi: number, dflt: number) =>
  defaulted(
    coerce(min(max(integer(), hi), lo), string(), (v) => Number(v)),
    dflt,
  )
const ListQuery = type({
  page: int(1, 1_000_000, NEWS_LIST_DEFAULTS.page),
  size: int(1, 100, NEWS_LIST_DEFAULTS.size),
  status: optional(enums(NEWS_STATUSES)),
  storeId: optional(Id),
})

export default async function newsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { calendar } = bound(app, calendars)
  const { createNews, deleteNews, getNews, listNews, setStopped, updateNews } = bound(app, news)
  const owner = allow('owner')
  const item = { params: IdParams, response: { 200: NewsItem } }

  app.get('/api/v2/news/:id', { ...owner, schema: item }, async (request) =>
    getNews(request.tenant!, request.params.id),
  )

  app.get(
    '/api/v2/franchises/:id/news',
    { ...owner, schema: { params: IdParams, querystring: ListQuery, response: { 200: NewsPage } } },
    async (request) => listNews(request.tenant!, request.params.id, request.query),
  )

  app.post(
    '/api/v2/franchises/:id/news',
    { ...owner, schema: { params: IdParams, body: NewsInput, response: { 201: NewsItem } } },
    async (request, reply) =>
      reply.status(201).send(await createNews(request.tenant!, request.params.id, request.body)),
  )

  app.put('/api/v2/news/:id', { ...owner, schema: { ...item, body: NewsInput } }, async (request) =>
    updateNews(request.tenant!, request.params.id, request.body),
  )

  app.patch('/api/v2/news/:id/stop', { ...owner, schema: item }, async (request) =>
    setStopped(request.tenant!, request.params.id, true),
  )
  app.patch('/api/v2/news/:id/restart', { ...owner, schema: item }, async (request) =>
    setStopped(request.tenant!, request.params.id, false),
  )

  // The offers calendar (issue 19): news, happy hours and loyalty offers' expiry in one list.
  app.get(
    '/api/v2/franchises/:id/calendar',
    { ...owner, schema: { params: IdParams, querystring: CalendarQuery, response: { 200: CalendarAnswer } } },
    async (request) => calendar(request.tenant!, request.params.id, request.query),
  )

  app.delete(
    '/api/v2/news/:id',
    { ...owner, schema: { params: IdParams, response: { 204: NoContent } } },
    async (request, reply) => {
      await deleteNews(request.tenant!, request.params.id)
      return reply.status(204).send()
    },
  )
}
