// Importing clients from a CSV (issue 23): choose the file and upload it, map its columns to client
// fields (the server's suggestion first), preview the first records with what each would do, run
// it, follow its progress (polled after a named delay) until it is done, failed or cancelled; the
// done state lists the skipped records and offers their CSV report.
import { assign, setup } from 'xstate'
import {
  type ImportMapping,
  type ImportPreviewResponse,
  type ImportPreviewRow,
  type ImportResponse,
  type ImportSkippedPage,
  isImportFinished,
  mappingProblem,
} from '../../src/domain/imports'
import {
  cancelImport,
  downloadReport,
  getImport,
  loadSkipped,
  previewImport,
  runImport,
  uploadImport,
} from './import.actors'

export type ImportInput = { franchiseId: string }
export type UploadInput = { franchiseId: string; file: File }
export type MappingInput = { importId: string; mapping: ImportMapping }

export type ImportContext = ImportInput & {
  file: File | null
  imp: ImportResponse | null
  mapping: ImportMapping
  preview: ImportPreviewRow[]
  skipped: ImportSkippedPage | null
  /** A message id, and the field the server named when it did. */
  error: string | null
  errorField: string | null
}

export type ImportEvent =
  | { type: 'import.select'; file: File | null }
  | { type: 'import.upload' }
  | { type: 'import.map'; field: string; column: number | null }
  | { type: 'import.preview' }
  | { type: 'import.back' }
  | { type: 'import.run' }
  | { type: 'import.cancel' }
  | { type: 'import.download' }
  | { type: 'import.restart' }

/** An import's own part of the context before a file is chosen: the start, and after a restart. */
const START: Omit<ImportContext, keyof ImportInput> = {
  file: null,
  imp: null,
  mapping: {},
  preview: [],
  skipped: null,
  error: null,
  errorField: null,
}

const out = <T>(event: unknown) => (event as { output: T }).output
const failure = (event: unknown) => (event as { error?: { code?: string; field?: string } }).error

export const importMachine = setup({
  types: {
    input: {} as ImportInput,
    context: {} as ImportContext,
    events: {} as ImportEvent,
  },
  actors: {
    uploadImport,
    previewImport,
    runImport,
    getImport,
    cancelImport,
    loadSkipped,
    downloadReport,
  },
  delays: {
    /** How often a running import's progress is asked for. */
    POLL_DELAY: 1_000,
  },
  actions: {
    setFile: assign({
      file: ({ event }) => (event.type === 'import.select' ? event.file : null),
      error: null,
    }),
    setUploaded: assign({
      imp: ({ event }) => out<ImportResponse>(event),
      mapping: ({ event }) => out<ImportResponse>(event).suggestedMapping,
      error: null,
      errorField: null,
    }),
    setImport: assign({ imp: ({ event }) => out<ImportResponse>(event) }),
    setMapping: assign({
      mapping: ({ context, event }) => {
        if (event.type !== 'import.map') return context.mapping
        const next: ImportMapping = {}
        // A column fills one field: choosing it for this one takes it from any other.
        for (const [f, c] of Object.entries(context.mapping))
          if (f !== event.field && c !== event.column) next[f] = c
        if (event.column !== null) next[event.field] = event.column
        return next
      },
      error: null,
      errorField: null,
    }),
    setPreview: assign({ preview: ({ event }) => out<ImportPreviewResponse>(event).rows, error: null }),
    setSkipped: assign({ skipped: ({ event }) => out<ImportSkippedPage>(event) }),
    setError: assign({
      error: (_, p: { id: string }) => p.id,
      errorField: ({ event }) => failure(event)?.field ?? null,
    }),
    /** The server's refusal of a file, by its code (import.errors.<code>), else the generic one. */
    setUploadError: assign({
      error: ({ event }) => {
        const code = failure(event)?.code
        return code && UPLOAD_ERRORS.includes(code)
          ? `import.errors.${code.toLowerCase().replace(/_/g, '-')}`
          : 'import.errors.upload'
      },
    }),
    reset: assign(() => ({ ...START })),
  },
  guards: {
    hasFile: ({ context }) => context.file !== null,
    isMappingComplete: ({ context }) =>
      context.imp !== null &&
      mappingProblem(
        context.mapping,
        context.imp.headers.length,
        context.imp.fields.filter((f) => f.crm).map((f) => ({ localId: f.key.slice(4) })),
      ) === null,
    isDone: ({ event }) => out<ImportResponse>(event).status === 'DONE',
    isCancelled: ({ event }) => out<ImportResponse>(event).status === 'CANCELLED',
    isFailed: ({ event }) => out<ImportResponse>(event).status === 'FAILED',
    isFinished: ({ event }) => isImportFinished(out<ImportResponse>(event).status),
  },
}).createMachine({
  id: 'import',
  context: ({ input }) => ({ ...input, ...START }),
  initial: 'file',
  states: {
    file: {
      on: {
        'import.select': { actions: 'setFile' },
        'import.upload': { guard: 'hasFile', target: 'uploading' },
      },
    },
    uploading: {
      invoke: {
        id: 'uploadImport',
        src: 'uploadImport',
        input: ({ context }) => ({ franchiseId: context.franchiseId, file: context.file! }),
        onDone: { target: 'columns', actions: 'setUploaded' },
        onError: { target: 'file', actions: 'setUploadError' },
      },
    },
    columns: {
      on: {
        'import.map': { actions: 'setMapping' },
        'import.preview': { guard: 'isMappingComplete', target: 'previewing' },
        'import.restart': { target: 'file', actions: 'reset' },
      },
    },
    previewing: {
      invoke: {
        id: 'previewImport',
        src: 'previewImport',
        input: ({ context }) => ({ importId: context.imp!.id, mapping: context.mapping }),
        onDone: { target: 'review', actions: 'setPreview' },
        onError: {
          target: 'columns',
          actions: { type: 'setError', params: { id: 'import.errors.mapping' } },
        },
      },
    },
    review: {
      on: {
        'import.back': 'columns',
        'import.run': 'starting',
      },
    },
    starting: {
      invoke: {
        id: 'runImport',
        src: 'runImport',
        input: ({ context }) => ({ importId: context.imp!.id, mapping: context.mapping }),
        onDone: { target: 'running', actions: 'setImport' },
        onError: { target: 'review', actions: { type: 'setError', params: { id: 'import.errors.run' } } },
      },
    },
    running: {
      initial: 'waiting',
      on: { 'import.cancel': '.cancelling' },
      states: {
        waiting: { after: { POLL_DELAY: 'polling' } },
        polling: {
          invoke: {
            id: 'getImport',
            src: 'getImport',
            input: ({ context }) => ({ importId: context.imp!.id }),
            onDone: [
              { guard: 'isDone', target: '#import.done', actions: 'setImport' },
              { guard: 'isFailed', target: '#import.failed', actions: 'setImport' },
              { guard: 'isCancelled', target: '#import.cancelled', actions: 'setImport' },
              { target: 'waiting', actions: 'setImport' },
            ],
            // A missed answer (the network, a restart) is asked again after the delay.
            onError: 'waiting',
          },
        },
        cancelling: {
          on: { 'import.cancel': {} },
          invoke: {
            id: 'cancelImport',
            src: 'cancelImport',
            input: ({ context }) => ({ importId: context.imp!.id }),
            onDone: [
              // It ended before the cancel reached it.
              { guard: 'isDone', target: '#import.done', actions: 'setImport' },
              { guard: 'isFailed', target: '#import.failed', actions: 'setImport' },
              { target: '#import.cancelled', actions: 'setImport' },
            ],
            onError: {
              target: 'waiting',
              actions: { type: 'setError', params: { id: 'import.errors.cancel' } },
            },
          },
        },
      },
    },
    done: {
      initial: 'loadingSkipped',
      on: { 'import.restart': { target: 'file', actions: 'reset' } },
      states: {
        loadingSkipped: {
          invoke: {
            id: 'loadSkipped',
            src: 'loadSkipped',
            input: ({ context }) => ({ importId: context.imp!.id }),
            onDone: { target: 'idle', actions: 'setSkipped' },
            onError: {
              target: 'idle',
              actions: { type: 'setError', params: { id: 'import.errors.report' } },
            },
          },
        },
        idle: { on: { 'import.download': 'downloading' } },
        downloading: {
          invoke: {
            id: 'downloadReport',
            src: 'downloadReport',
            input: ({ context }) => ({ importId: context.imp!.id }),
            onDone: 'idle',
            onError: {
              target: 'idle',
              actions: { type: 'setError', params: { id: 'import.errors.report' } },
            },
          },
        },
      },
    },
    failed: { on: { 'import.restart': { target: 'file', actions: 'reset' } } },
    cancelled: { on: { 'import.restart': { target: 'file', actions: 'reset' } } },
  },
})

/** The file refusals the page names (import.errors.<code>). */
export const UPLOAD_ERRORS = [
  'ENCODING_NOT_SUPPORTED',
  'ENCODING_INVALID',
  'LINE_TOO_LONG',
  'TOO_MANY_COLUMNS',
  'FILE_EMPTY',
  'CSV_INVALID',
  'FILE_TOO_LARGE',
]
