// CSV exports (issue 23): the client list as filtered on the screen, the ledger of a period, a
// campaign's recipients. Each answers a file streamed as it is read (services/exports.ts), named with
// the franchise and the day; links download them with a one-minute ticket (routes/downloads.ts), never the token.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { assign, object, optional, type } from 'superstruct'
import { ExportLocaleQuery, LedgerExportQuery } from '../../domain/exports'
import { Id, IdParams } from '../../domain/ids'
import { DEFAULT_LOCALE } from '../../domain/locale'
import { GROUPS } from '../../domain/roles'
import { allow, CsvFile, type StructTypeProvider } from '../plugins/route-contract'
import { boundRead } from '../services/bound'
import type { CsvExport } from '../services/exports'
import * as csvExports from '../services/exports'
import { ClientListQuery } from './client-list-query'

/** Sends the file as an attachment; a plain-ASCII name and its UTF-8 form (RFC 6266). */
export function sendFile(reply: FastifyReply, file: { fileName: string; stream: unknown }, type: string) {
  return reply
    .header('content-type', type)
    .header(
      'content-disposition',
      `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('cache-control', 'no-store')
    .send(file.stream)
}
const sendCsv = (reply: FastifyReply, file: CsvExport) => sendFile(reply, file, 'text/csv; charset=utf-8')

export default async function exportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { clientsExport, ledgerExport, recipientsExport } = boundRead(app, csvExports)
  // Opened by links: a download ticket may stand for the token (routes/downloads.ts).
  const owner = allow('owner', { download: true })

  app.get(
    '/api/v2/exports/clients',
    {
      ...owner,
      schema: {
        querystring: assign(
          ClientListQuery,
          ExportLocaleQuery,
          type({ franchiseId: optional(Id), storeId: optional(Id) }),
        ),
        response: { 200: CsvFile },
      },
    },
    async (request, reply) => {
      const { locale, ...q } = request.query
      return sendCsv(reply, await clientsExport(request.tenant!, q, locale ?? DEFAULT_LOCALE))
    },
  )

  app.get(
    '/api/v2/franchises/:fid/exports/ledger',
    {
      ...owner,
      schema: { params: object({ fid: Id }), querystring: LedgerExportQuery, response: { 200: CsvFile } },
    },
    async (request, reply) => {
      const { locale, ...q } = request.query
      const file = await ledgerExport(request.tenant!, request.params.fid, q, locale ?? DEFAULT_LOCALE)
      return sendCsv(reply, file)
    },
  )

  app.get(
    '/api/v2/communication-campaigns/:id/exports/recipients',
    {
      ...allow([...GROUPS.owner, ...GROUPS.admin], { download: true }),
      schema: { params: IdParams, querystring: ExportLocaleQuery, response: { 200: CsvFile } },
    },
    async (request, reply) => {
      const file = await recipientsExport(
        request.tenant!,
        request.params.id,
        request.query.locale ?? DEFAULT_LOCALE,
      )
      return sendCsv(reply, file)
    },
  )
}
