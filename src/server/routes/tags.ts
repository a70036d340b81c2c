// SPEC §7 "Tags" (create-sale dialog, scanner, store screen's NFC tags): parse, check the caller's
// franchise and stores, call the tags service. The public scan page's calls live in routes/scan.ts.
import type { FastifyInstance } from 'fastify'
import { coerce, defaulted, integer, max, min, object, optional, string, type } from 'superstruct'
import { Id } from '../../domain/ids'
import { InjectInput, TAG_PAGE_SIZE, TagCreateInput, TagUpdateInput } from '../../domain/sale'
import { parse } from '../errors'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow } from '../plugins/route-contract'
import {
  createTag,
  deleteTag,
  getTag,
  injectPoints,
  listTags,
  resetPoints,
  tagPresenceCode,
  updateTag,
} from '../services/tags'

const int = (lo: number, hi: number) =>
  coerce(min(max(integer(), hi), lo), string(), (v) => (v.trim() === '' ? Number.NaN : Number(v)))
const ListQuery = type({
  storeId: optional(Id),
  page: defaulted(int(1, 1_000_000), 1),
  size: defaulted(int(1, TAG_PAGE_SIZE), TAG_PAGE_SIZE),
})

export default async function tagsRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const owner = allow('owner')
  const params = (value: unknown) => parse(object({ id: Id }), value, 'params')

  app.get('/api/v2/franchises/:id/tags', owner, async (request) => {
    const { id } = params(request.params)
    const q = parse(ListQuery, request.query, 'query')
    return listTags(db(), request.principal!.scope, id, q)
  })

  app.post('/api/v2/stores/:id/tags', owner, async (request, reply) => {
    const { id } = params(request.params)
    const input = parse(TagCreateInput, request.body ?? {})
    return reply.status(201).send(await createTag(db(), request.principal!.scope, id, input))
  })

  app.get('/api/v2/tags/:id', owner, async (request) =>
    getTag(db(), request.principal!.scope, params(request.params).id),
  )

  // The scanner screen's rotating code (issue 16 #5): never cached, it changes every window.
  app.get('/api/v2/tags/:id/presence-code', owner, async (request, reply) => {
    const code = await tagPresenceCode(db(), request.principal!.scope, params(request.params).id)
    return reply.header('cache-control', 'no-store').send(code)
  })

  app.patch('/api/v2/tags/:id', owner, async (request) => {
    const { id } = params(request.params)
    const input = parse(TagUpdateInput, request.body ?? {})
    return updateTag(db(), request.principal!.scope, id, input)
  })

  app.delete('/api/v2/tags/:id', owner, async (request, reply) => {
    await deleteTag(db(), request.principal!.scope, params(request.params).id)
    return reply.status(204).send()
  })

  app.post('/api/v2/tags/:id/inject-points', allow('owner', AUTH_NEUTRAL), async (request) => {
    const { id } = params(request.params)
    const { amount } = parse(InjectInput, request.body ?? {})
    const p = request.principal!
    return injectPoints(db(), p.scope, { userId: p.user.id, impostorOf: p.impostorOf }, id, amount)
  })

  app.post('/api/v2/tags/:id/reset-points', owner, async (request) =>
    resetPoints(db(), request.principal!.scope, params(request.params).id),
  )
}
