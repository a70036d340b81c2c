// The API's own description (GET /api/docs/openapi.json): only its frame is checked here, the
// document's content is checked against the OpenAPI 3.1 schema in tests/server/openapi.test.ts.
import { literal, record, string, type, unknown } from 'superstruct'

export const OpenApiDocumentResponse = type({
  openapi: literal('3.1.0'),
  info: type({ title: string(), version: string() }),
  paths: record(string(), unknown()),
})
