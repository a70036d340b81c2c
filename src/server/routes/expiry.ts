// Points expiry (issue 23): the franchise's setting (read by its owner and store owners, written by
// full access), what a draft of it would do (issue 34), and what a client's points will lose.
// Another franchise's id, or a client the caller may not see, is a 404.
import type { FastifyInstance } from 'fastify'
import { object } from 'superstruct'
import {
  ClientExpiryResponse,
  ExpiryPreview,
  ExpiryPreviewQuery,
  ExpirySettingsBody,
  ExpirySettingsResponse,
} from '../../domain/expiry'
import { Id, IdParams } from '../../domain/ids'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as expiry from '../services/expiry'
import * as expiryPreview from '../services/expiry-preview'

const FranchiseClientParams = object({ fid: Id, id: Id })

export default async function expiryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { clientExpiry, readExpirySettings, saveExpirySettings } = bound(app, expiry)
  const { previewExpiry } = bound(app, expiryPreview)
  const owner = allow('owner')
  const fullAccess = allow('fullAccess')

  app.get(
    '/api/v2/franchises/:id/points-expiry',
    { ...owner, schema: { params: IdParams, response: { 200: ExpirySettingsResponse } } },
    async (request) => readExpirySettings(request.tenant!, request.params.id),
  )

  // What saving a draft would do and when (issue 34): read by whoever reads the setting.
  app.get(
    '/api/v2/franchises/:id/points-expiry/preview',
    {
      ...owner,
      schema: { params: IdParams, querystring: ExpiryPreviewQuery, response: { 200: ExpiryPreview } },
    },
    async (request) => previewExpiry(request.tenant!, request.params.id, request.query),
  )

  app.put(
    '/api/v2/franchises/:id/points-expiry',
    {
      ...fullAccess,
      schema: { params: IdParams, body: ExpirySettingsBody, response: { 200: ExpirySettingsResponse } },
    },
    async (request) => saveExpirySettings(request.tenant!, request.params.id, request.body),
  )

  app.get(
    '/api/v2/franchises/:fid/clients/:id/points-expiry',
    { ...owner, schema: { params: FranchiseClientParams, response: { 200: ClientExpiryResponse } } },
    async (request) => clientExpiry(request.tenant!, request.params.fid, request.params.id),
  )
}
