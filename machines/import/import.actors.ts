// The default actors of the import page: src/api calls, and saving the report as a file.
import { fromPromise } from 'xstate'
import { importsApi } from '../../src/api/imports'
import type { ImportPreviewResponse, ImportResponse, ImportSkippedPage } from '../../src/domain/imports'
import type { MappingInput, UploadInput } from './import.machine'

export const uploadImport = fromPromise<ImportResponse, UploadInput>(({ input, signal }) =>
  importsApi.upload(input.franchiseId, input.file, signal),
)
export const previewImport = fromPromise<ImportPreviewResponse, MappingInput>(({ input, signal }) =>
  importsApi.preview(input.importId, input.mapping, signal),
)
export const runImport = fromPromise<ImportResponse, MappingInput>(({ input, signal }) =>
  importsApi.run(input.importId, input.mapping, signal),
)
export const getImport = fromPromise<ImportResponse, { importId: string }>(({ input, signal }) =>
  importsApi.get(input.importId, signal),
)
export const cancelImport = fromPromise<ImportResponse, { importId: string }>(({ input, signal }) =>
  importsApi.cancel(input.importId, signal),
)
export const loadSkipped = fromPromise<ImportSkippedPage, { importId: string }>(({ input, signal }) =>
  importsApi.skipped(input.importId, signal),
)
export const downloadReport = fromPromise<void, { importId: string }>(async ({ input, signal }) => {
  const text = await importsApi.report(input.importId, signal)
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = 'import-skipped.csv'
  a.click()
  URL.revokeObjectURL(url)
})
