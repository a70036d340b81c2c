import type { SnapshotFrom } from 'xstate'
import { IMPORT_FIELDS, type ImportField } from '../../src/domain/imports'
import type { importMachine } from './import.machine'

export type ImportStep = 'file' | 'columns' | 'review' | 'running' | 'done' | 'failed' | 'cancelled'

/** What the import page renders. */
export function toImportView(s: SnapshotFrom<typeof importMachine>) {
  const c = s.context
  const imp = c.imp
  const step: ImportStep =
    s.matches('file') || s.matches('uploading')
      ? 'file'
      : s.matches('columns') || s.matches('previewing')
        ? 'columns'
        : s.matches('review') || s.matches('starting')
          ? 'review'
          : s.matches('running')
            ? 'running'
            : s.matches('done')
              ? 'done'
              : s.matches('failed')
                ? 'failed'
                : 'cancelled'
  const total = imp?.totalRows ?? 0
  return {
    step,
    fileName: c.file?.name ?? null,
    canUpload: s.can({ type: 'import.upload' }),
    isUploading: s.matches('uploading'),
    headers: imp?.headers ?? [],
    /** The file's columns in order: a column is its position (two may share a name). */
    columns: (imp?.headers ?? []).map((name, index) => ({ id: `column-${index}`, index, name })),
    /** Each client field with the column it is read from (null: not imported). */
    fields: (imp?.fields ?? []).map((f) => ({
      key: f.key,
      label: f.label,
      isOwn: (IMPORT_FIELDS as readonly string[]).includes(f.key),
      ownKey: (IMPORT_FIELDS as readonly string[]).includes(f.key) ? (f.key as ImportField) : null,
      column: c.mapping[f.key] ?? null,
    })),
    canPreview: s.can({ type: 'import.preview' }),
    isPreviewing: s.matches('previewing'),
    preview: c.preview,
    canRun: s.can({ type: 'import.run' }),
    isStarting: s.matches('starting'),
    canCancel: s.matches({ running: 'waiting' }) || s.matches({ running: 'polling' }),
    isCancelling: s.matches({ running: 'cancelling' }),
    progress: {
      total,
      read: imp?.rowsRead ?? 0,
      created: imp?.created ?? 0,
      updated: imp?.updated ?? 0,
      skipped: imp?.skipped ?? 0,
      percent: total ? Math.min(100, Math.round(((imp?.rowsRead ?? 0) * 100) / total)) : 0,
    },
    skipped: c.skipped,
    isLoadingSkipped: s.matches({ done: 'loadingSkipped' }),
    canDownload: s.can({ type: 'import.download' }),
    isDownloading: s.matches({ done: 'downloading' }),
    canRestart: s.can({ type: 'import.restart' }),
    error: c.error,
    errorField: c.errorField,
  }
}
export type ImportView = ReturnType<typeof toImportView>
