// GDPR (issue 23): a client's personal data as a file (JSON, or a readable HTML page), and its erasure.
import type { FastifyInstance } from 'fastify'
import { object } from 'superstruct'
import { ClientErasureResponse, PersonalDataQuery } from '../../domain/gdpr'
import { Id } from '../../domain/ids'
import { DEFAULT_LOCALE } from '../../domain/locale'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow, FileBody, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as gdpr from '../services/gdpr'
import * as gdprFile from '../services/gdpr-file'
import { sendFile } from './exports'

const FranchiseClientParams = object({ fid: Id, id: Id })

export default async function gdprRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { personalDataFile } = bound(app, gdprFile)
  const { eraseClient } = bound(app, gdpr, (a) => a.mail)

  app.get(
    '/api/v2/franchises/:fid/clients/:id/personal-data',
    {
      ...allow('owner', { download: true }),
      schema: { params: FranchiseClientParams, querystring: PersonalDataQuery, response: { 200: FileBody } },
    },
    async (request, reply) => {
      const { format = 'json', locale = DEFAULT_LOCALE } = request.query
      const file = await personalDataFile(
        request.tenant!,
        request.params.fid,
        request.params.id,
        format,
        locale,
      )
      return sendFile(reply, file, file.contentType)
    },
  )

  app.post(
    '/api/v2/franchises/:fid/clients/:id/erase',
    {
      ...allow('owner', AUTH_NEUTRAL),
      schema: { params: FranchiseClientParams, response: { 200: ClientErasureResponse } },
    },
    async (request) => eraseClient(request.tenant!, request.params.fid, request.params.id),
  )
}
