// News and happy hours (issue 19; SPEC §7 "Campaigns and news": GET api/v2/news/{id}, the other calls
// named like it). Owners (franchise and store owners, §6); a foreign id is a 404 NEWS_NOT_FOUND.
import type { FastifyInstance } from 'fastify'
import { coerce, defaulted, enums, integer, max, min, object, optional, string, type } from 'superstruct'
import { CalendarQuery } from '../../domain/calendar'
import { Id, IdParams } from '../../domain/ids'
import { NEWS_LIST_DEFAULTS, NEWS_STATUSES, NewsInput } from '../../domain/news'
import { parse } from '../errors'
import { allow } from '../plugins/route-contract'
import { calendar } from '../services/calendar'
import { createNews, deleteNews, getNews, listNews, setStopped, updateNews } from '../services/news'

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
const NewsParams = object({ id: Id })

export default async function newsRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const owner = allow('owner')
  const idOf = (params: unknown) => parse(NewsParams, params, 'params').id

  app.get('/api/v2/news/:id', owner, async (request) => getNews(db(), request.tenant!, idOf(request.params)))

  app.get('/api/v2/franchises/:id/news', owner, async (request) => {
    const { id } = parse(IdParams, request.params, 'params')
    const q = parse(ListQuery, request.query, 'query')
    return listNews(db(), request.tenant!, id, q)
  })

  app.post('/api/v2/franchises/:id/news', owner, async (request, reply) => {
    const { id } = parse(IdParams, request.params, 'params')
    const input = parse(NewsInput, request.body)
    return reply.status(201).send(await createNews(db(), request.tenant!, id, input))
  })

  app.put('/api/v2/news/:id', owner, async (request) => {
    const id = idOf(request.params)
    const input = parse(NewsInput, request.body)
    return updateNews(db(), request.tenant!, id, input)
  })

  app.patch('/api/v2/news/:id/stop', owner, async (request) =>
    setStopped(db(), request.tenant!, idOf(request.params), true),
  )
  app.patch('/api/v2/news/:id/restart', owner, async (request) =>
    setStopped(db(), request.tenant!, idOf(request.params), false),
  )

  // The offers calendar (issue 19): news, happy hours and loyalty offers' expiry in one list.
  app.get('/api/v2/franchises/:id/calendar', owner, async (request) => {
    const { id } = parse(IdParams, request.params, 'params')
    const q = parse(CalendarQuery, request.query, 'query')
    return calendar(db(), request.tenant!, id, q)
  })

  app.delete('/api/v2/news/:id', owner, async (request, reply) => {
    await deleteNews(db(), request.tenant!, idOf(request.params))
    return reply.status(204).send()
  })
}
