// Client imports (issue 23, "Import clients"): upload a CSV (multipart field `file`), preview a
// mapping, run it as a job, follow its progress, cancel it, download the skipped records. Only a
// franchise's owner imports: clients belong to the franchise, not to one store.
import type { FastifyInstance } from 'fastify'
import { array, object } from 'superstruct'
import { Id } from '../../domain/ids'
import {
  IMPORT_MAX_BYTES,
  IMPORT_UPLOAD_FIELD,
  ImportMappingBody,
  ImportPreviewResponse,
  ImportResponse,
  ImportSkippedPage,
  ImportUploadQuery,
} from '../../domain/imports'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { multipartUploads } from '../plugins/multipart'
import { allow, CsvFile, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as imports from '../services/imports'
import { sendFile } from './exports'

const IdParams = object({ id: Id })

export default async function importRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  // Only these routes (and the image uploads') read multipart bodies, with the import's own size limit.
  const readUpload = await multipartUploads(app, {
    field: IMPORT_UPLOAD_FIELD,
    maxBytes: IMPORT_MAX_BYTES,
    fields: 5,
    parts: 6,
  })
  const {
    cancelImport,
    getImport,
    importReport,
    listImports,
    previewImport,
    skippedRows,
    startImport,
    uploadImport,
  } = bound(app, imports)
  const read = allow('fullAccess')
  const write = allow('fullAccess', AUTH_NEUTRAL)

  app.post(
    '/api/v2/imports',
    { ...write, schema: { querystring: ImportUploadQuery, response: { 201: ImportResponse } } },
    async (request, reply) => {
      const file = await readUpload(request)
      const upload = { fileName: file.fileName || 'import.csv', bytes: file.bytes }
      const { franchiseId, encoding } = request.query
      const created = await uploadImport(request.tenant!, franchiseId, { ...upload, encoding })
      request.log.info(
        { importId: created.id, bytes: upload.bytes.length, rows: created.totalRows },
        'import uploaded',
      )
      return reply.status(201).send(created)
    },
  )

  app.get(
    '/api/v2/imports',
    { ...read, schema: { response: { 200: array(ImportResponse) } } },
    async (request) => listImports(request.tenant!),
  )

  app.get(
    '/api/v2/imports/:id',
    { ...read, schema: { params: IdParams, response: { 200: ImportResponse } } },
    async (request) => getImport(request.tenant!, request.params.id),
  )

  app.post(
    '/api/v2/imports/:id/preview',
    {
      ...read,
      schema: { params: IdParams, body: ImportMappingBody, response: { 200: ImportPreviewResponse } },
    },
    async (request) => previewImport(request.tenant!, request.params.id, request.body.mapping),
  )

  app.post(
    '/api/v2/imports/:id/run',
    { ...write, schema: { params: IdParams, body: ImportMappingBody, response: { 200: ImportResponse } } },
    async (request) => startImport(request.tenant!, request.params.id, request.body.mapping, app.importQueue),
  )

  app.post(
    '/api/v2/imports/:id/cancel',
    { ...write, schema: { params: IdParams, response: { 200: ImportResponse } } },
    async (request) => cancelImport(request.tenant!, request.params.id),
  )

  app.get(
    '/api/v2/imports/:id/skipped',
    { ...read, schema: { params: IdParams, response: { 200: ImportSkippedPage } } },
    async (request) => skippedRows(request.tenant!, request.params.id),
  )

  app.get(
    '/api/v2/imports/:id/report',
    { ...read, schema: { params: IdParams, response: { 200: CsvFile } } },
    async (request, reply) => {
      const file = await importReport(request.tenant!, request.params.id)
      return sendFile(reply, file, 'text/csv; charset=utf-8')
    },
  )
}
