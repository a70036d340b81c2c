// SPEC §7 "Tags" (create-sale dialog, scanner, store screen's NFC tags): the route contract validates
// the input; check the caller's franchise and stores, call the tags service. The public scan page's
// calls live in routes/scan.ts.
import type { FastifyInstance } from 'fastify'
import { coerce, defaulted, integer, max, min, optional, string, type } from 'superstruct'
import { Id, IdParams } from '../../domain/ids'
import {
  InjectInput,
  PointsInfoReply,
  TAG_PAGE_SIZE,
  Tag,
  TagCreateInput,
  TagDetail,
  TagPage,
  TagUpdateInput,
} from '../../domain/sale'
import { PresenceCode } from '../../domain/scan'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow, NoContent, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as tags from '../services/tags'

const int = (lo: number, hi: number) =>
  coerce(min(max(integer(), hi), lo), string(), (v) => (v.trim() === '' ? Number.NaN : Number(v)))
const ListQuery = type({
  storeId: optional(Id),
  page: defaulted(int(1, 1_000_000), 1),
  size: defaulted(int(1, TAG_PAGE_SIZE), TAG_PAGE_SIZE),
})

export default async function tagsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { createTag, deleteTag, getTag, injectPoints, listTags, resetPoints, tagPresenceCode, updateTag } =
    bound(app, tags)
  const owner = allow('owner')

  app.get(
    '/api/v2/franchises/:id/tags',
    { ...owner, schema: { params: IdParams, querystring: ListQuery, response: { 200: TagPage } } },
    async (request) => listTags(request.tenant!, request.params.id, request.query),
  )

  // No body reads as `{}` (the 400 then names the missing field), here and below.
  app.post(
    '/api/v2/stores/:id/tags',
    { ...owner, schema: { params: IdParams, body: defaulted(TagCreateInput, {}), response: { 201: Tag } } },
    async (request, reply) =>
      reply.status(201).send(await createTag(request.tenant!, request.params.id, request.body)),
  )

  app.get(
    '/api/v2/tags/:id',
    { ...owner, schema: { params: IdParams, response: { 200: TagDetail } } },
    async (request) => getTag(request.tenant!, request.params.id),
  )

  // The scanner screen's rotating code (issue 16 #5): never cached, it changes every window.
  app.get(
    '/api/v2/tags/:id/presence-code',
    { ...owner, schema: { params: IdParams, response: { 200: PresenceCode } } },
    async (request, reply) => {
      const code = await tagPresenceCode(request.tenant!, request.params.id)
      return reply.header('cache-control', 'no-store').send(code)
    },
  )

  app.patch(
    '/api/v2/tags/:id',
    { ...owner, schema: { params: IdParams, body: defaulted(TagUpdateInput, {}), response: { 200: Tag } } },
    async (request) => updateTag(request.tenant!, request.params.id, request.body),
  )

  app.delete(
    '/api/v2/tags/:id',
    { ...owner, schema: { params: IdParams, response: { 204: NoContent } } },
    async (request, reply) => {
      await deleteTag(request.tenant!, request.params.id)
      return reply.status(204).send()
    },
  )

  app.post(
    '/api/v2/tags/:id/inject-points',
    {
      ...allow('owner', AUTH_NEUTRAL),
      schema: { params: IdParams, body: defaulted(InjectInput, {}), response: { 200: PointsInfoReply } },
    },
    async (request) => {
      const p = request.principal!
      const by = { userId: p.user.id, impostorOf: p.impostorOf }
      return injectPoints(request.tenant!, by, request.params.id, request.body.amount)
    },
  )

  app.post(
    '/api/v2/tags/:id/reset-points',
    { ...owner, schema: { params: IdParams, response: { 200: PointsInfoReply } } },
    async (request) => resetPoints(request.tenant!, request.params.id),
  )
}
