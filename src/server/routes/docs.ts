// The API's reference: the OpenAPI 3.1 document written from the route inventory, and a readable page
// of the same routes grouped by area (server-rendered, no script and nothing fetched from elsewhere,
// so it works offline and under the app's content security policy).
import type { FastifyInstance } from 'fastify'
import { OpenApiDocumentResponse } from '../../domain/docs'
import { type OpenApiDocument, openApiDocument } from '../openapi/document'
import { docsPage } from '../openapi/page'
import { allow, HtmlPage } from '../plugins/route-contract'

const API_VERSION = '2'

export default async function docsRoutes(app: FastifyInstance) {
  // The inventory is complete once every route is registered: the document is written on first ask.
  let document: OpenApiDocument | undefined
  const current = () => {
    document ??= openApiDocument(app.routeInventory, API_VERSION)
    return document
  }

  app.get(
    '/api/docs/openapi.json',
    { ...allow('public'), schema: { response: { 200: OpenApiDocumentResponse } } },
    async () => current(),
  )

  app.get(
    '/api/docs',
    { ...allow('public'), schema: { response: { 200: HtmlPage } } },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(docsPage(current())),
  )
}
