import { describe, expect, it } from 'vitest'
import { type AnyStateMachine, createActor, fromPromise } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import {
  franchiseSettingsMachine,
  SENDER_CHECK_DEBOUNCE_MS,
  toFranchiseSettingsView,
} from '../../machines/franchise-settings'
import { ApiError } from '../../src/api/client'
import type { FranchiseDetail } from '../../src/domain/franchise-settings'
import { FID, FRANCHISE } from '../support/franchise-fixtures'
import {
  type Calls,
  checkEachPath,
  leafStates,
  recordingActors,
  replay,
  valueToPaths,
} from '../support/model'

const AFTER = 'xstate.after.SENDER_CHECK_DEBOUNCE.franchiseSettings.ready.senderId.debouncing'
const ACTORS = [
  'loadFranchise',
  'saveFranchise',
  'saveTheme',
  'saveQualification',
  'checkSenderId',
  'saveSenderId',
  'uploadLogo',
]
const done = (actor: string, output: unknown) => ({ type: `xstate.done.actor.${actor}`, output })
const fail = (actor: string, error: unknown) => ({ type: `xstate.error.actor.${actor}`, error })
const file = new File(['x'], 'logo.png', { type: 'image/png' })

const EVENTS = [
  done('loadFranchise', FRANCHISE),
  fail('loadFranchise', new ApiError(404, 'FRANCHISE_NOT_FOUND', 'gone')),
  { type: 'franchise.retry' },
  { type: 'info.change', changes: { name: '' } },
  { type: 'info.save' },
  { type: 'info.logo', file },
  done('uploadLogo', { url: '/files/franchise/a.png' }),
  { type: 'rules.save' },
  { type: 'theme.change', changes: { primaryColor: '#ff0000' } },
  { type: 'theme.save' },
  { type: 'theme.cancel' },
  done('saveFranchise', FRANCHISE),
  fail('saveFranchise', new ApiError(500, 'INTERNAL', 'down')),
  done('saveTheme', FRANCHISE),
  { type: 'qualification.open' },
  { type: 'qualification.change', value: '0' },
  { type: 'qualification.save' },
  done('saveQualification', FRANCHISE),
  { type: 'averageBasket.open' },
  { type: 'averageBasket.save' },
  { type: 'senderId.open' },
  { type: 'senderId.change', value: 'Dupont75' },
  { type: 'senderId.change', value: 'Du pont' },
  { type: AFTER },
  done('checkSenderId', { valid: false, code: 'SENDER_ID_NOT_ALLOWED' }),
  done('checkSenderId', { valid: true }),
  { type: 'senderId.save' },
  fail('saveSenderId', new ApiError(400, 'SENDER_ID_NOT_ALLOWED', 'no')),
  done('saveSenderId', FRANCHISE),
  { type: 'dialog.close' },
]
type Effects = { calls: Calls; notices: string[]; announced: FranchiseDetail[] }
function harness(effects: Effects) {
  return franchiseSettingsMachine.provide({
    actors: recordingActors(ACTORS, effects.calls) as never,
    actions: {
      notify: (_, p: { id: string }) => effects.notices.push(p.id),
      announceFranchise: (_, p: { franchise: FranchiseDetail }) => effects.announced.push(p.franchise),
    },
  })
}
const fresh = (): Effects => ({ calls: [], notices: [], announced: [] })

function paths(machine: AnyStateMachine) {
  return getShortestPaths(machine, {
    events: EVENTS as never,
    input: { franchiseId: FID } as never,
    // Only what changes the way: the state and the few context facts guards read.
    serializeState: (s) => {
      const c = (s as { context: Record<string, unknown> }).context as unknown as {
        info: { name: string }
        theme: { primaryColor: string }
        qualification: { value: string }
        senderId: string
        senderCode: string | null
        franchise: unknown
      }
      return JSON.stringify({
        v: s.value,
        n: c.info.name,
        p: c.theme.primaryColor,
        q: c.qualification.value,
        s: c.senderId,
        k: c.senderCode,
        f: !!c.franchise,
      })
    },
  })
}

describe('franchise settings machine (model)', () => {
  const all = paths(harness(fresh()))

  it('reaches every leaf state', () => {
    const reached = new Set(all.flatMap((p) => valueToPaths(p.state.value)))
    const leaves = leafStates(franchiseSettingsMachine)
    expect(leaves.filter((l) => !reached.has(l))).toEqual([])
  })

  it('replays every generated path: each event shows what it must, each save calls its actor', () => {
    expect(all.length).toBeGreaterThan(15)
    checkEachPath(all, (path, events) => {
      const effects = fresh()
      const view = toFranchiseSettingsView(replay(harness(effects), path.steps, { franchiseId: FID }))
      const lastCall = effects.calls.at(-1)?.actor
      const saving = [
        view.isSavingInfo,
        view.isSavingRules,
        view.isSavingTheme,
        view.isSavingQualification,
        view.isSavingAverageBasket,
        view.isSavingSender,
      ]
      const last = events.at(-1)
      switch (last?.type) {
        case undefined:
        case 'franchise.retry':
          expect(view.isLoading).toBe(true)
          expect(lastCall).toBe('loadFranchise')
          break
        case 'xstate.done.actor.loadFranchise':
          expect(view).toMatchObject({ isReady: true, franchise: FRANCHISE, dialog: null })
          break
        case 'xstate.error.actor.loadFranchise':
          expect(view).toMatchObject({ isFailed: true, loadError: 'franchise.errors.notFound' })
          break
        case 'info.change':
          // A franchise needs a name: the form says so and cannot be saved.
          expect(view.info).toMatchObject({ name: '' })
          expect(view.canSaveInfo).toBe(false)
          break
        case 'info.save':
          expect(view.isSavingInfo).toBe(true)
          expect(lastCall).toBe('saveFranchise')
          break
        case 'rules.save':
          expect(view.isSavingRules).toBe(true)
          expect(lastCall).toBe('saveFranchise')
          break
        case 'info.logo':
          expect(view.isUploadingLogo).toBe(true)
          expect(lastCall).toBe('uploadLogo')
          break
        case 'xstate.done.actor.uploadLogo':
          expect(view.isUploadingLogo).toBe(false)
          break
        case 'theme.change':
          expect(view.theme).toMatchObject({ primaryColor: '#ff0000' })
          expect(view.isThemeChanged).toBe(true)
          break
        case 'theme.save':
          expect(view.isSavingTheme).toBe(true)
          expect(lastCall).toBe('saveTheme')
          break
        case 'theme.cancel':
          expect(view.theme).toEqual(FRANCHISE.theme)
          expect(view.isThemeChanged).toBe(false)
          break
        case 'xstate.done.actor.saveFranchise':
        case 'xstate.error.actor.saveFranchise':
        case 'xstate.done.actor.saveTheme':
        case 'xstate.done.actor.saveQualification':
          expect(saving.some(Boolean)).toBe(false)
          if (last.type === 'xstate.done.actor.saveTheme') expect(effects.announced.at(-1)).toEqual(FRANCHISE)
          if (last.type === 'xstate.done.actor.saveQualification') expect(view.dialog).toBeNull()
          break
        case 'qualification.open':
        case 'averageBasket.open':
        case 'senderId.open':
          expect(view.dialog).toBe(last.type.split('.')[0])
          break
        case 'qualification.change':
          expect(view.qualification).toMatchObject({ value: last.value })
          expect(view.qualificationError).toBe('franchise.errors.qualificationValue')
          break
        case 'qualification.save':
          expect(view.isSavingQualification).toBe(true)
          expect(lastCall).toBe('saveQualification')
          break
        case 'averageBasket.save':
          expect(view.isSavingAverageBasket).toBe(true)
          expect(lastCall).toBe('saveFranchise')
          break
        case 'senderId.change':
          expect(view).toMatchObject({ senderId: last.value, isSenderConfirmed: false })
          break
        case AFTER:
          // The typed name is checked with the server once typing pauses.
          expect(view.isCheckingSender).toBe(true)
          expect(effects.calls.at(-1)).toMatchObject({ actor: 'checkSenderId' })
          break
        case 'xstate.done.actor.checkSenderId':
          expect(view.isCheckingSender).toBe(false)
          expect(view.isSenderConfirmed).toBe(last.output.valid)
          expect(view.senderError === null).toBe(last.output.valid)
          break
        case 'senderId.save':
          expect(view.isSavingSender).toBe(true)
          expect(lastCall).toBe('saveSenderId')
          break
        case 'xstate.error.actor.saveSenderId':
          expect(view).toMatchObject({ isSavingSender: false, dialog: 'senderId' })
          expect(view.senderError ?? view.dialogError).not.toBeNull()
          break
        case 'xstate.done.actor.saveSenderId':
        case 'dialog.close':
          expect(view.dialog).toBeNull()
          break
        default:
          throw new Error(`no expectation for ${last?.type}`)
      }
    })
  }, 30_000)
})

describe('franchise settings machine (flows)', () => {
  const start = (effects: Effects, franchise = FRANCHISE) => {
    const actor = createActor(harness(effects), { input: { franchiseId: FID } }).start()
    actor.send(done('loadFranchise', franchise) as never)
    return actor
  }

  it('without a franchise, shows not-found and offers no retry', () => {
    const actor = createActor(harness(fresh()), { input: { franchiseId: null } }).start()
    const view = toFranchiseSettingsView(actor.getSnapshot())
    expect(view).toMatchObject({ isFailed: true, loadError: 'franchise.errors.notFound', canRetry: false })
  })

  it('a load failure other than 404 is the generic load error, with a retry', () => {
    const effects = fresh()
    const actor = createActor(harness(effects), { input: { franchiseId: FID } }).start()
    actor.send(fail('loadFranchise', new ApiError(500, 'X', 'down')) as never)
    expect(toFranchiseSettingsView(actor.getSnapshot())).toMatchObject({
      loadError: 'franchise.errors.load',
      canRetry: true,
    })
    actor.send({ type: 'franchise.retry' })
    expect(effects.calls.map((c) => c.actor)).toEqual(['loadFranchise', 'loadFranchise'])
  })

  it('previews theme changes, saves them and announces the franchise to the session', () => {
    const effects = fresh()
    const actor = start(effects)
    expect(toFranchiseSettingsView(actor.getSnapshot()).canSaveTheme).toBe(false)
    actor.send({ type: 'theme.change', changes: { primaryColor: '#ff0000' } })
    const view = toFranchiseSettingsView(actor.getSnapshot())
    expect(view).toMatchObject({ canSaveTheme: true, isThemeChanged: true })
    expect(view.theme.primaryColor).toBe('#ff0000')
    actor.send({ type: 'theme.save' })
    expect(effects.calls.at(-1)).toEqual({
      actor: 'saveTheme',
      input: { franchiseId: FID, theme: { ...FRANCHISE.theme, primaryColor: '#ff0000' } },
    })
    const saved = { ...FRANCHISE, theme: { ...FRANCHISE.theme, primaryColor: '#ff0000' } }
    actor.send(done('saveTheme', saved) as never)
    expect(effects.notices).toEqual(['franchise.updated'])
    expect(effects.announced).toEqual([saved])
    expect(toFranchiseSettingsView(actor.getSnapshot())).toMatchObject({
      isThemeChanged: false,
      canSaveTheme: false,
    })
  })

  it('cancel puts the saved colours back; an invalid colour cannot be saved', () => {
    const actor = start(fresh())
    actor.send({ type: 'theme.change', changes: { secondaryColor: '#12' } })
    expect(toFranchiseSettingsView(actor.getSnapshot())).toMatchObject({
      isThemeValid: false,
      canSaveTheme: false,
    })
    actor.send({ type: 'theme.cancel' })
    expect(actor.getSnapshot().context.theme).toEqual(FRANCHISE.theme)
  })

  it('saves the information and the rules as partial updates', () => {
    const effects = fresh()
    const actor = start(effects)
    actor.send({ type: 'info.change', changes: { name: ' Dupont ', codeAlpha3: 'CAN' } })
    actor.send({ type: 'info.save' })
    expect(effects.calls.at(-1)?.input).toEqual({
      franchiseId: FID,
      patch: { name: 'Dupont', description: 'Boulangeries', logo: null, codeAlpha3: 'CAN' },
    })
    actor.send(fail('saveFranchise', new ApiError(500, 'X', 'down')) as never)
    expect(effects.notices).toEqual(['franchise.errors.info'])
    actor.send({
      type: 'rules.change',
      changes: { tagScanMinutes: '15', maxPoints: '200', hasMaxPointsEnabled: true },
    })
    actor.send({ type: 'rules.save' })
    expect(effects.calls.at(-1)?.input).toEqual({
      franchiseId: FID,
      patch: {
        tagScanInterval: 900,
        maxPoints: 200,
        hasMaxPointsEnabled: true,
        allowStaticTags: false,
        staticTagDailyVisitCap: 1,
        newsMaxConcurrent: 3,
      },
    })
    // Static tags (issue 16 #5): a cap out of 1 to 20 is not saved.
    actor.send({ type: 'rules.change', changes: { allowStaticTags: true, staticTagDailyVisitCap: '0' } })
    expect(toFranchiseSettingsView(actor.getSnapshot()).rulesErrors.staticTagDailyVisitCap).toBe(
      'franchise.errors.staticTagDailyVisitCap',
    )
  })

  it('checks the sender name locally, then on the server, and shows the save error code', () => {
    const effects = fresh()
    const actor = start(effects)
    actor.send({ type: 'senderId.open' })
    actor.send({ type: 'senderId.change', value: 'Du pont' })
    let view = toFranchiseSettingsView(actor.getSnapshot())
    expect(view).toMatchObject({
      senderError: 'franchise.senderId.codes.containsSpaces',
      canSaveSender: false,
    })
    expect(effects.calls.some((c) => c.actor === 'checkSenderId')).toBe(false)
    actor.send({ type: 'senderId.change', value: 'Police' })
    expect(toFranchiseSettingsView(actor.getSnapshot()).senderError).toBe(
      'franchise.senderId.codes.notAllowed',
    )
    actor.send({ type: 'senderId.change', value: 'Dupont75' })
    expect(toFranchiseSettingsView(actor.getSnapshot()).isCheckingSender).toBe(true)
    actor.send({ type: AFTER } as never)
    expect(effects.calls.at(-1)).toEqual({ actor: 'checkSenderId', input: { value: 'Dupont75' } })
    actor.send(done('checkSenderId', { valid: true }) as never)
    view = toFranchiseSettingsView(actor.getSnapshot())
    expect(view).toMatchObject({ isSenderConfirmed: true, canSaveSender: true })
    actor.send({ type: 'senderId.save' })
    actor.send(fail('saveSenderId', new ApiError(400, 'SENDER_ID_NOT_ALLOWED', 'no')) as never)
    expect(toFranchiseSettingsView(actor.getSnapshot()).dialogError).toBe(
      'franchise.senderId.codes.notAllowed',
    )
    actor.send({ type: 'senderId.save' })
    actor.send(done('saveSenderId', { ...FRANCHISE, senderId: 'Dupont75' }) as never)
    expect(toFranchiseSettingsView(actor.getSnapshot())).toMatchObject({ dialog: null })
    expect(actor.getSnapshot().context.franchise?.senderId).toBe('Dupont75')
  })

  it('the dialogs send the qualification and the average basket as typed', () => {
    const effects = fresh()
    const actor = start(effects)
    actor.send({ type: 'qualification.open' })
    expect(actor.getSnapshot().context.qualification).toEqual({ value: '3', unit: 'months' })
    actor.send({ type: 'qualification.change', value: '6', unit: 'weeks' })
    actor.send({ type: 'qualification.save' })
    expect(effects.calls.at(-1)?.input).toEqual({
      franchiseId: FID,
      qualification: { lostCustomers: { timeSinceLastVisit: { value: 6, unit: 'weeks' } } },
    })
    actor.send(done('saveQualification', FRANCHISE) as never)
    actor.send({ type: 'averageBasket.open' })
    expect(actor.getSnapshot().context.averageBasket).toBe('12.50')
    actor.send({ type: 'averageBasket.change', value: '1,2,3' })
    actor.send({ type: 'averageBasket.save' })
    expect(effects.calls.at(-1)?.actor).toBe('saveQualification')
    actor.send({ type: 'averageBasket.change', value: '14,90' })
    actor.send({ type: 'averageBasket.save' })
    expect(effects.calls.at(-1)?.input).toEqual({ franchiseId: FID, patch: { averageBasket: '14,90' } })
  })

  it('a store owner reads but cannot edit', () => {
    const effects = fresh()
    const actor = start(effects, { ...FRANCHISE, canEdit: false })
    actor.send({ type: 'theme.change', changes: { primaryColor: '#ff0000' } })
    actor.send({ type: 'theme.save' })
    actor.send({ type: 'senderId.open' })
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(actor.getSnapshot().context.theme).toEqual(FRANCHISE.theme)
    expect(SENDER_CHECK_DEBOUNCE_MS).toBeGreaterThan(0)
  })
})

// Providing actors that settle: the real xstate path from load to a saved theme.
it('runs end to end with settling actors', async () => {
  const saved = { ...FRANCHISE, theme: { ...FRANCHISE.theme, primaryColor: '#00ff00' } }
  const actor = createActor(
    franchiseSettingsMachine.provide({
      actors: {
        loadFranchise: fromPromise(async () => FRANCHISE),
        saveTheme: fromPromise(async () => saved),
      } as never,
    }),
    { input: { franchiseId: FID } },
  ).start()
  await new Promise((r) => setTimeout(r, 0))
  actor.send({ type: 'theme.change', changes: { primaryColor: '#00ff00' } })
  actor.send({ type: 'theme.save' })
  await new Promise((r) => setTimeout(r, 0))
  expect(actor.getSnapshot().context.franchise?.theme.primaryColor).toBe('#00ff00')
})
