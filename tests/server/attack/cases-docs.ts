// The API's reference (issue 23 "OpenAPI"): public, no input.
import type { RouteCase } from './case-kit'

export const DOCS_CASES: Record<string, RouteCase> = {
  'GET /api/docs/openapi.json': {},
  'GET /api/docs': {},
}
