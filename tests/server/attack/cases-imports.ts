// The client import routes (issue 23): the upload is multipart (the fuzz sends its own bodies), the
// others name an uploaded import of the target franchise.
import type { RouteCase } from './case-kit'

const imp = { id: 'import' } as const
const mapping = () => ({ mapping: { firstName: 0, phone: 1 } })

export const IMPORTS_CASES: Record<string, RouteCase> = {
  'POST /api/v2/imports': { query: (r) => ({ franchiseId: r.franchise }), rawBody: true },
  'GET /api/v2/imports': {},
  'GET /api/v2/imports/:id': { params: imp },
  'POST /api/v2/imports/:id/preview': { params: imp, body: mapping },
  'POST /api/v2/imports/:id/run': { params: imp, body: mapping },
  'POST /api/v2/imports/:id/cancel': { params: imp },
  'GET /api/v2/imports/:id/skipped': { params: imp },
  'GET /api/v2/imports/:id/report': { params: imp },
}
