// GDPR (issue 23): a client's personal data as a file (JSON, or a readable HTML page), and its erasure.
import type { FastifyInstance } from 'fastify'
import { object } from 'superstruct'
import { isoDay } from '../../domain/dates'
import { exportFileName } from '../../domain/exports'
import { ClientErasureResponse, PersonalDataQuery } from '../../domain/gdpr'
import { Id } from '../../domain/ids'
import { DEFAULT_LOCALE } from '../../domain/locale'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow, FileBody, type StructTypeProvider } from '../plugins/route-contract'
import { eraseClient, personalData } from '../services/gdpr'
import { personalDataHtml } from '../services/gdpr-report'
import { sendFile } from './exports'

const FranchiseClientParams = object({ fid: Id, id: Id })

export default async function gdprRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const db = () => app.database.db

  app.get(
    '/api/v2/franchises/:fid/clients/:id/personal-data',
    {
      ...allow('owner', { download: true }),
      schema: { params: FranchiseClientParams, querystring: PersonalDataQuery, response: { 200: FileBody } },
    },
    async (request, reply) => {
      const data = await personalData(db(), request.tenant!, request.params.fid, request.params.id)
      const format = request.query.format ?? 'json'
      const name = exportFileName(data.franchise.name, 'personal-data', isoDay(new Date(), 'UTC'), format)
      return format === 'html'
        ? sendFile(
            reply,
            { fileName: name, stream: personalDataHtml(data, request.query.locale ?? DEFAULT_LOCALE) },
            'text/html; charset=utf-8',
          )
        : sendFile(
            reply,
            { fileName: name, stream: JSON.stringify(data, null, 2) },
            'application/json; charset=utf-8',
          )
    },
  )

  app.post(
    '/api/v2/franchises/:fid/clients/:id/erase',
    {
      ...allow('owner', AUTH_NEUTRAL),
      schema: { params: FranchiseClientParams, response: { 200: ClientErasureResponse } },
    },
    async (request) =>
      eraseClient(db(), app.adapters.mail, request.tenant!, request.params.fid, request.params.id),
  )
}
