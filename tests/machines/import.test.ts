// The import machine (issue 23), model-based: every state is reachable, and every generated path is
// replayed on a real actor whose API actors only record their calls, asserting what the page shows
// at its end (the step, which buttons are live, the counters, the error) and what was sent.
import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { importMachine, toImportView } from '../../machines/import'
import type { ImportResponse } from '../../src/domain/imports'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
} from '../support/model'

const FID = '11111111-1111-4111-8111-111111111111'
const ID = '22222222-2222-4222-8222-222222222222'
const FILE = { name: 'clients.csv' } as File
const IMP: ImportResponse = {
  id: ID,
  franchiseId: FID,
  fileName: 'clients.csv',
  status: 'UPLOADED',
  totalRows: 100,
  rowsRead: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  error: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  finishedAt: null,
  encoding: 'utf-8',
  delimiter: ',',
  headers: ['first', 'phone', 'mail'],
  mapping: null,
  suggestedMapping: { firstName: 0 },
  fields: [
    { key: 'firstName', label: null, crm: false },
    { key: 'phone', label: null, crm: false },
    { key: 'email', label: null, crm: false },
  ],
}
const at = (status: ImportResponse['status'], read: number) => ({
  ...IMP,
  status,
  rowsRead: read,
  created: read - 5,
  skipped: 5,
})
const ACTORS = [
  'uploadImport',
  'previewImport',
  'runImport',
  'getImport',
  'cancelImport',
  'loadSkipped',
  'downloadReport',
]
const apiError = (code: string, field?: string) => Object.assign(new Error(code), { code, field })

const events = [
  { type: 'import.select', file: FILE },
  { type: 'import.upload' },
  { type: 'xstate.done.actor.uploadImport', output: IMP },
  { type: 'xstate.error.actor.uploadImport', error: apiError('LINE_TOO_LONG', 'file') },
  { type: 'import.map', field: 'phone', column: 1 },
  { type: 'import.preview' },
  { type: 'xstate.done.actor.previewImport', output: { totalRows: 100, rows: [] } },
  { type: 'xstate.error.actor.previewImport', error: apiError('MAPPING_INVALID', 'mapping.phone') },
  { type: 'import.back' },
  { type: 'import.run' },
  { type: 'xstate.done.actor.runImport', output: at('QUEUED', 0) },
  { type: 'xstate.error.actor.runImport', error: apiError('IMPORT_ALREADY_STARTED') },
  { type: 'xstate.after.POLL_DELAY.import.running.waiting' },
  { type: 'xstate.done.actor.getImport', output: at('RUNNING', 40) },
  { type: 'xstate.done.actor.getImport', output: at('DONE', 100) },
  { type: 'xstate.done.actor.getImport', output: at('FAILED', 60) },
  { type: 'import.cancel' },
  { type: 'xstate.done.actor.cancelImport', output: at('CANCELLED', 60) },
  { type: 'xstate.done.actor.loadSkipped', output: { total: 0, rows: [] } },
  { type: 'import.download' },
  { type: 'xstate.done.actor.downloadReport' },
  { type: 'import.restart' },
]

describe('import machine', () => {
  const paths = generatePaths(importMachine, events, { franchiseId: FID })

  it('reaches every state', () => {
    expectEveryStateReached(importMachine, paths)
  })

  it('replays every path: shows its step, its live buttons, the progress and the errors', () => {
    checkEachPath(paths, (path) => {
      const calls: Calls = []
      const machine = importMachine.provide({ actors: recordingActors(ACTORS, calls) as never })
      const actor = createActor(machine, { input: { franchiseId: FID }, clock: new SimulatedClock() }).start()
      for (const step of path.steps) if (step.event.type !== 'xstate.init') actor.send(step.event as never)
      const snap = actor.getSnapshot()
      const view = toImportView(snap)
      const types = path.steps.map((s) => s.event.type)
      const last = types.at(-1)
      // Only a chosen file is uploaded, to the caller's franchise.
      for (const c of calls.filter((c) => c.actor === 'uploadImport'))
        expect(c.input).toEqual({ franchiseId: FID, file: FILE })
      // The preview and the run carry a complete mapping: the suggestion plus the phone.
      for (const c of calls.filter((c) => c.actor === 'previewImport' || c.actor === 'runImport'))
        expect(c.input).toEqual({ importId: ID, mapping: { firstName: 0, phone: 1 } })
      // The step and what it offers, from the path's last event alone.
      const mapped = types.includes('import.map')
      switch (last) {
        case 'xstate.init':
        case 'import.select':
        case 'import.restart':
          expect(view.step).toBe('file')
          expect(view.canUpload).toBe(last === 'import.select')
          break
        case 'import.upload':
          expect(view).toMatchObject({ step: 'file', isUploading: true })
          expect(calls.at(-1)?.actor).toBe('uploadImport')
          break
        case 'xstate.error.actor.uploadImport':
          expect(view).toMatchObject({
            step: 'file',
            isUploading: false,
            error: 'import.errors.line-too-long',
          })
          expect(view.canUpload).toBe(true)
          break
        case 'xstate.done.actor.uploadImport':
        case 'import.map':
        case 'import.back':
          expect(view.step).toBe('columns')
          expect(view.fields.map((f) => f.column)).toEqual([0, mapped ? 1 : null, null])
          // The phone is needed: the preview waits for it.
          expect(view.canPreview).toBe(mapped)
          break
        case 'import.preview':
          expect(view).toMatchObject({ step: 'columns', isPreviewing: true })
          expect(calls.at(-1)?.actor).toBe('previewImport')
          break
        case 'xstate.error.actor.previewImport':
          expect(view).toMatchObject({ step: 'columns', errorField: 'mapping.phone' })
          break
        case 'xstate.done.actor.previewImport':
          expect(view).toMatchObject({ step: 'review', canRun: true, preview: [] })
          break
        case 'import.run':
          expect(view).toMatchObject({ step: 'review', isStarting: true })
          expect(calls.at(-1)?.actor).toBe('runImport')
          break
        case 'xstate.error.actor.runImport':
          expect(view).toMatchObject({ step: 'review', canRun: true, error: 'import.errors.run' })
          break
        case 'xstate.done.actor.runImport':
          expect(view).toMatchObject({ step: 'running', canCancel: true })
          break
        case 'xstate.after.POLL_DELAY.import.running.waiting':
          expect(view.step).toBe('running')
          expect(calls.at(-1)?.actor).toBe('getImport')
          break
        case 'xstate.done.actor.getImport': {
          const status = (path.steps.at(-1)!.event as { output: ImportResponse }).output.status
          if (status === 'RUNNING') {
            expect(view.step).toBe('running')
            expect(view.progress).toMatchObject({ read: 40, percent: 40 })
          } else if (status === 'DONE') {
            expect(view.step).toBe('done')
            expect(view.progress).toMatchObject({ read: 100, created: 95, skipped: 5, percent: 100 })
            expect(calls.at(-1)?.actor).toBe('loadSkipped')
          } else expect(view.step).toBe('failed')
          break
        }
        case 'import.cancel':
          expect(view).toMatchObject({ step: 'running', canCancel: false, isCancelling: true })
          expect(calls.at(-1)?.actor).toBe('cancelImport')
          break
        case 'xstate.done.actor.cancelImport':
          expect(view.step).toBe('cancelled')
          break
        case 'xstate.done.actor.loadSkipped':
        case 'xstate.done.actor.downloadReport':
          expect(view).toMatchObject({ step: 'done', canDownload: true, isLoadingSkipped: false })
          break
        case 'import.download':
          expect(view).toMatchObject({ step: 'done', isDownloading: true, canDownload: false })
          expect(calls.at(-1)?.actor).toBe('downloadReport')
          break
        default:
          throw new Error(`no expectation for ${last}`)
      }
      actor.stop()
    })
  })
})
