import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { expirySettingsMachine, toExpirySettingsView } from '../../machines/expiry-settings'
import { ApiError } from '../../src/api/client'
import {
  changesExpiryRule,
  type ExpiryPreview,
  type ExpirySettingsBody,
  type ExpirySettingsResponse,
  expiryBodyOf,
  expiryDraftOf,
  previewQueryOf,
} from '../../src/domain/expiry'
import { expiryErrors } from '../../src/domain/expiry-reminder'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
} from '../support/model'

const FID = '11111111-1111-4111-8111-111111111111'
const input = { franchiseId: FID, countryAlpha3: 'FRA' }
const SAVED: ExpirySettingsResponse = {
  franchiseId: FID,
  mode: 'OFF',
  months: 12,
  reminder: { enabled: false, channel: 'SMS', title: '', message: '' },
  lastRunDay: null,
  canEdit: true,
}
const READ_ONLY = { ...SAVED, canEdit: false }
const PREVIEW: ExpiryPreview = {
  timezone: 'Europe/Paris',
  nextRunAt: '2026-12-09T01:00:00.000Z',
  nextRunDay: '2026-12-09',
  expiring: { clients: 66, points: 3404 },
  reminding: 0,
  overdue: { clients: 66, points: 3404, expiresOn: '2026-12-09' },
}
const SETTLED = 'xstate.after.PREVIEW_DEBOUNCE.expirySettings.idle.settling'

const events = [
  { type: 'xstate.done.actor.loadSettings', output: SAVED },
  { type: 'xstate.done.actor.loadSettings', output: READ_ONLY },
  { type: 'xstate.error.actor.loadSettings', error: new Error('down') },
  { type: 'expiry.retry' },
  { type: 'expiry.change', changes: { mode: 'BATCH' } },
  { type: 'expiry.change', changes: { months: '0' } },
  { type: 'expiry.change', changes: { reminderEnabled: true } },
  { type: 'expiry.change', changes: { message: 'Vos points expirent' } },
  { type: 'expiry.reset' },
  { type: 'expiry.save' },
  { type: 'xstate.done.actor.saveSettings', output: { ...SAVED, mode: 'BATCH' } },
  {
    type: 'xstate.error.actor.saveSettings',
    error: new ApiError(400, 'VALIDATION_FAILED', 'bad', { field: 'reminder.message', reason: 'smsTooLong' }),
  },
  { type: 'xstate.error.actor.saveSettings', error: new ApiError(500, 'HTTP_500', 'down') },
  { type: SETTLED },
  { type: 'xstate.done.actor.previewExpiry', output: PREVIEW },
  { type: 'xstate.error.actor.previewExpiry', error: new Error('down') },
  { type: 'expiry.confirm' },
  { type: 'expiry.cancel' },
]

/** What the section must show after a path's last event, from the events alone. */
function expectLastEventShown(
  steps: { type: string; [k: string]: unknown }[],
  view: ReturnType<typeof toExpirySettingsView>,
  calls: Calls,
  notices: string[],
) {
  const events = steps.filter((e) => e.type !== 'xstate.init')
  const last = events.at(-1)
  // The setting as last stored (loaded or saved), from the answers in the path.
  const stored = events.findLast(
    (e) => e.type === 'xstate.done.actor.loadSettings' || e.type === 'xstate.done.actor.saveSettings',
  )?.output as ExpirySettingsResponse | undefined
  switch (last?.type) {
    case undefined:
    case 'expiry.retry':
      expect(view.isLoading).toBe(true)
      expect(calls.at(-1)?.actor).toBe('loadSettings')
      break
    case 'xstate.done.actor.loadSettings': {
      const loaded = last.output as ExpirySettingsResponse
      expect(view).toMatchObject({ isLoading: false, canEdit: loaded.canEdit, isSaving: false })
      expect(view.draft.mode).toBe(loaded.mode)
      break
    }
    case 'xstate.error.actor.loadSettings':
      expect(view).toMatchObject({ isFailed: true, canRetry: true, canEdit: false })
      break
    case 'expiry.change':
      expect(view.draft).toMatchObject(last.changes as object)
      // An invalid number of months is said while expiry is on.
      if ((last.changes as { months?: string }).months === '0' && view.isOn)
        expect(view.errors.months).toBeDefined()
      break
    case 'expiry.reset':
      expect(view.draft).toEqual(expiryDraftOf(stored!))
      break
    case 'expiry.save':
      expect(view.isSaving || view.isConfirming).toBe(true)
      break
    case 'expiry.confirm':
      expect(view.isSaving).toBe(true)
      expect(calls.at(-1)?.actor).toBe('saveSettings')
      break
    case 'expiry.cancel':
      expect(view).toMatchObject({ isConfirming: false, isSaving: false })
      break
    case 'xstate.done.actor.saveSettings':
      expect(view).toMatchObject({ isSaving: false, isConfirming: false })
      expect(view.draft).toEqual(expiryDraftOf(last.output as ExpirySettingsResponse))
      expect(notices.at(-1)).toBe('expiry.settings.saved')
      break
    case 'xstate.error.actor.saveSettings': {
      expect(view.isSaving).toBe(false)
      const error = last.error as ApiError
      if (error.status === 400) expect(view.errors.message).toBe('smsTooLong')
      else expect(notices.at(-1)).not.toBe('expiry.settings.saved')
      break
    }
    case SETTLED:
      // The figures are counted for a draft whose months are valid, and only for such a draft.
      expect(view.isPreviewing).toBe(view.errors.months === undefined)
      if (view.isPreviewing) expect(calls.at(-1)?.actor).toBe('previewExpiry')
      break
    case 'xstate.done.actor.previewExpiry':
      expect(view.isPreviewing).toBe(false)
      expect(view.preview).toEqual(view.isOn ? PREVIEW : null)
      break
    case 'xstate.error.actor.previewExpiry':
      expect(view).toMatchObject({ isPreviewFailed: true, preview: null })
      break
    default:
      throw new Error(`no expectation for ${last?.type}`)
  }
}

describe('expiry-settings machine', () => {
  const paths = generatePaths(expirySettingsMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(expirySettingsMachine, paths)
  })

  // Some 270 paths, each checking the SMS rules at every step: seconds on a busy machine.
  it('replays every path: saves only a valid, changed draft of an editable setting, a change of rule only once confirmed with its figures; shows refusals on their field', () => {
    checkEachPath(paths, (path) => {
      const calls: Calls = []
      const notices: string[] = []
      const machine = expirySettingsMachine.provide({
        actors: recordingActors(['loadSettings', 'saveSettings', 'previewExpiry'], calls) as never,
        actions: { notify: (_, p: { id: string }) => notices.push(p.id) },
      })
      const actor = createActor(machine, { input, clock: new SimulatedClock() }).start()
      const savedDrafts: ExpirySettingsBody[] = []
      for (const step of path.steps) {
        if (step.event.type === 'xstate.init') continue
        const before = actor.getSnapshot()
        const can = before.can(step.event as never)
        const isRuleChange =
          before.context.saved !== null &&
          changesExpiryRule(before.context.draft, expiryDraftOf(before.context.saved))
        if (step.event.type === 'expiry.save' && can) {
          // A save leaves only with no error, something changed, and the right to edit.
          expect(expiryErrors(before.context.draft, 'FRA')).toEqual({})
          expect(before.context.saved?.canEdit).toBe(true)
          // A change of rule is asked first, with the figures of this very draft.
          if (isRuleChange) expect(before.matches({ idle: 'previewed' })).toBe(true)
          else savedDrafts.push(expiryBodyOf(before.context.draft))
        }
        if (step.event.type === 'expiry.confirm' && can) {
          expect(before.context.preview).toEqual(PREVIEW)
          savedDrafts.push(expiryBodyOf(before.context.draft))
        }
        actor.send(step.event as never)
        const after = actor.getSnapshot()
        if (step.event.type === 'expiry.save' && can)
          expect(after.value).toEqual(isRuleChange ? 'confirming' : 'saving')
        if (step.event.type === SETTLED && after.matches({ idle: 'previewing' }))
          expect(calls.at(-1)).toEqual({
            actor: 'previewExpiry',
            input: { franchiseId: FID, query: previewQueryOf(after.context.draft) },
          })
      }
      const snap = actor.getSnapshot()
      expectLastEventShown(
        path.steps.map((x) => x.event),
        toExpirySettingsView(snap),
        calls,
        notices,
      )
      // What is saved is the draft as it was, whole.
      expect(calls.filter((c) => c.actor === 'saveSettings').map((c) => c.input)).toEqual(
        savedDrafts.map((body) => ({ franchiseId: FID, body })),
      )
      const view = toExpirySettingsView(snap)
      if (snap.context.saved?.canEdit === false) expect(view.draft.mode).toBe('OFF')
      if (snap.context.refused) expect(view.errors.message).toBe('smsTooLong')
      if (path.steps.some((s) => s.event.type === 'xstate.done.actor.saveSettings'))
        expect(notices).toContain('expiry.settings.saved')
      actor.stop()
    })
  }, 60_000)
})
