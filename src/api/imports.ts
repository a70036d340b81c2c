// Client imports from the browser (issue 23): the upload (multipart field `file`), preview, run,
// progress, cancel, the skipped records, and the CSV report saved as a file.
import {
  IMPORT_UPLOAD_FIELD,
  type ImportMapping,
  ImportPreviewResponse,
  ImportResponse,
  ImportSkippedPage,
} from '../domain/imports'
import { call } from './client'

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})
/** A large file on a shop's connection: the longest time-out of §7. */
const UPLOAD_TIMEOUT = 60_000

export const importsApi = {
  upload: (franchiseId: string, file: File, signal?: AbortSignal) => {
    const form = new FormData()
    form.append(IMPORT_UPLOAD_FIELD, file, file.name)
    return call(
      '/api/v2/imports',
      { method: 'POST', body: form, query: { franchiseId }, timeout: UPLOAD_TIMEOUT, ...opt(signal) },
      ImportResponse,
    )
  },
  get: (id: string, signal?: AbortSignal) => call(`/api/v2/imports/${id}`, opt(signal), ImportResponse),
  preview: (id: string, mapping: ImportMapping, signal?: AbortSignal) =>
    call(
      `/api/v2/imports/${id}/preview`,
      { method: 'POST', body: { mapping }, ...opt(signal) },
      ImportPreviewResponse,
    ),
  run: (id: string, mapping: ImportMapping, signal?: AbortSignal) =>
    call(`/api/v2/imports/${id}/run`, { method: 'POST', body: { mapping }, ...opt(signal) }, ImportResponse),
  cancel: (id: string, signal?: AbortSignal) =>
    call(`/api/v2/imports/${id}/cancel`, { method: 'POST', ...opt(signal) }, ImportResponse),
  skipped: (id: string, signal?: AbortSignal) =>
    call(`/api/v2/imports/${id}/skipped`, opt(signal), ImportSkippedPage),
  /** The skipped records' CSV, as text. */
  report: (id: string, signal?: AbortSignal) => call<string>(`/api/v2/imports/${id}/report`, opt(signal)),
}
