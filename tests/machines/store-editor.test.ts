import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { storeEditorMachine, toStoreEditorView } from '../../machines/store-editor'
import { defaultWeek } from '../../src/domain/opening-hours'
import type { Store } from '../../src/domain/stores'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replay,
} from '../support/model'

const STORE_ID = '00000000-0000-4000-8000-000000000001'
const STORE: Store = {
  id: STORE_ID,
  franchiseId: '11111111-1111-4111-8111-111111111111',
  name: 'Paris Marais',
  description: '',
  phone: '+33142720000',
  email: null,
  website: 'https://dupont.test',
  clickNCollectLink: null,
  menuLink: null,
  facebookLink: null,
  instagramLink: null,
  twitterLink: null,
  tikTokLink: null,
  googleReviewLink: null,
  logo: null,
  picture: null,
  location: { lat: 48.85, lng: 2.35 },
  currencyCode: 'EUR',
  userId: null,
  categoryId: null,
  providerId: null,
  storeAddress: { id: null, line1: '1 rue X', city: 'Paris', postcode: '75004' },
  storeOpeningHours: { hours: defaultWeek() },
  settings: { hasScannerEnabled: false, hasFullWebAppEnabled: false },
  dateCreated: '2026-01-01T00:00:00.000Z',
}
const CITY = {
  name: 'Paris',
  lat: 48.85,
  lng: 2.35,
  country: 'FR',
  admin1: '11',
  admin2: '75',
  distance: 0.4,
}
const newInput = { storeId: null, currencyCode: 'EUR', country: 'FR' as const }
const editInput = { ...newInput, storeId: STORE_ID }
/** §4: a merchant without a franchise; its first store names it. */
const firstInput = { ...newInput, needsFranchise: true }
const file = new File(['x'], 'logo.png', { type: 'image/png' })

const events = [
  { type: 'xstate.done.actor.loadStore', output: STORE },
  { type: 'xstate.error.actor.loadStore', error: new Error('down') },
  { type: 'store.retry' },
  { type: 'store.change', field: 'name', value: 'Lille' },
  { type: 'franchise.change', field: 'franchiseName', value: 'Nina & Co' },
  { type: 'hours.set', day: 'mon', index: 0, field: 'close', value: '07:00' },
  { type: 'store.upload', field: 'logo', file },
  { type: 'xstate.done.actor.uploadImage', output: { field: 'logo', url: '/files/store/a.jpeg' } },
  { type: 'store.findCities' },
  { type: 'xstate.done.actor.findCities', output: [CITY] },
  { type: 'xstate.error.actor.findCities', error: new Error('down') },
  { type: 'store.save' },
  { type: 'xstate.done.actor.saveStore', output: STORE },
  { type: 'xstate.error.actor.saveStore', error: new Error('500') },
  { type: 'store.delete' },
  { type: 'xstate.done.actor.deleteStore' },
  { type: 'store.close' },
  { type: 'store.confirm' },
  { type: 'store.cancel' },
]

function harness(calls: Calls, notices: string[]) {
  return storeEditorMachine.provide({
    actors: recordingActors(
      ['loadStore', 'saveStore', 'deleteStore', 'uploadImage', 'findCities'],
      calls,
    ) as never,
    actions: { notify: (_, p: { id: string }) => notices.push(p.id) },
  })
}

/** What the editor must show after a path's last event, from the events alone. */
function expectLastEventShown(
  steps: { type: string; [k: string]: unknown }[],
  view: ReturnType<typeof toStoreEditorView>,
  calls: Calls,
  input: { storeId: string | null },
) {
  const events = steps.filter((e) => e.type !== 'xstate.init')
  const last = events.at(-1)
  const lastCall = calls.at(-1)
  switch (last?.type) {
    case undefined:
      // An existing store is read first; a new one opens on an empty form.
      if (input.storeId) {
        expect(view.isLoading).toBe(true)
        expect(lastCall).toMatchObject({ actor: 'loadStore' })
      } else expect(view).toMatchObject({ isEditing: true, isNew: true, hasChanges: false })
      break
    case 'store.retry':
      expect(view.isLoading).toBe(true)
      expect(lastCall?.actor).toBe('loadStore')
      break
    case 'xstate.done.actor.loadStore':
      expect(view).toMatchObject({ isEditing: true, isNew: false, hasChanges: false })
      expect(view.values).toMatchObject({ name: STORE.name })
      break
    case 'xstate.error.actor.loadStore':
      expect(view.isLoadFailed).toBe(true)
      break
    case 'store.change':
      expect(view.values).toMatchObject({ [last.field as string]: last.value })
      expect(view.hasChanges).toBe(true)
      break
    case 'franchise.change':
      expect(view.franchise).toMatchObject({ [last.field as string]: last.value })
      break
    case 'hours.set':
      expect(view.hourErrors).not.toEqual({})
      break
    case 'store.upload':
      expect(view.isUploading).toBe(true)
      expect(lastCall?.actor).toBe('uploadImage')
      break
    case 'xstate.done.actor.uploadImage':
      expect(view.isUploading).toBe(false)
      expect(view.values).toMatchObject({ logo: '/files/store/a.jpeg' })
      break
    case 'store.findCities':
      expect(view.isFindingCities).toBe(true)
      expect(lastCall?.actor).toBe('findCities')
      break
    case 'xstate.done.actor.findCities':
      expect(view).toMatchObject({ isFindingCities: false, nearCities: [CITY] })
      break
    case 'xstate.error.actor.findCities':
      expect(view.isFindingCities).toBe(false)
      break
    case 'store.save':
      // Sent when the form passes the rules, else its errors show.
      if (view.isSaving) expect(lastCall?.actor).toBe('saveStore')
      else
        expect(
          Object.keys(view.errors).length +
            Object.keys(view.franchiseErrors).length +
            Object.keys(view.hourErrors).length,
        ).toBeGreaterThan(0)
      break
    case 'xstate.done.actor.saveStore':
    case 'xstate.done.actor.deleteStore':
      expect(view.isDone).toBe(true)
      break
    case 'xstate.error.actor.saveStore':
      expect(view).toMatchObject({ isSaving: false, isEditing: true })
      break
    case 'store.delete':
      expect(view.isConfirmingDelete).toBe(true)
      expect(input.storeId).not.toBeNull()
      break
    case 'store.close':
      // Closing with changes asks first; without, it closes.
      expect(view.isConfirmingClose ? view.hasChanges : view.isDone).toBe(true)
      break
    case 'store.confirm':
      // Confirms what was asked: the deletion, or closing without saving.
      if (view.isDeleting) expect(lastCall?.actor).toBe('deleteStore')
      else expect(view.isDone).toBe(true)
      break
    case 'store.cancel':
      expect(view).toMatchObject({ isEditing: true, isConfirmingClose: false, isConfirmingDelete: false })
      break
    default:
      throw new Error(`no expectation for ${last?.type}`)
  }
}

describe('store editor machine', () => {
  const paths = [newInput, editInput, firstInput].flatMap((input) =>
    generatePaths(storeEditorMachine, events, input).map((p) => ({ ...p, input })),
  )

  it('reaches every state (new and existing stores)', () => {
    expectEveryStateReached(storeEditorMachine, paths)
  })

  it('replays every path: saves only valid forms, deletes only existing stores, confirms before losing changes', () => {
    checkEachPath(paths, (path) => {
      const calls: Calls = []
      const notices: string[] = []
      const snap = replay(harness(calls, notices), path.steps, path.input)
      expectLastEventShown(
        path.steps.map((x) => x.event),
        toStoreEditorView(snap),
        calls,
        path.input,
      )
      for (const c of calls.filter((x) => x.actor === 'saveStore')) {
        const body = (c.input as { body: { name: string; storeOpeningHours: { hours: { mon: unknown[] } } } })
          .body
        expect(body.name.trim()).not.toBe('')
        // Only a first store names a franchise, and never without a name.
        const franchise = (c.input as { body: { franchise?: { name: string } } }).body.franchise
        if (path.input === firstInput) expect(franchise?.name).toBe('Nina & Co')
        else expect(franchise).toBeUndefined()
      }
      if (calls.some((c) => c.actor === 'deleteStore')) expect(calls[0]?.actor).toBe('loadStore')
      const closedBy = path.steps.at(-1)?.event.type
      if (
        toStoreEditorView(snap).isDone &&
        path.input.storeId === null &&
        (closedBy === 'store.close' || closedBy === 'store.confirm')
      )
        expect(
          path.steps.some((s) => s.event.type === 'store.confirm') || !toStoreEditorView(snap).hasChanges,
        ).toBe(true)
    })
  }, 60_000)

  it('creates: name required, per-day hour errors block the save, the body carries hours and settings', () => {
    const calls: Calls = []
    const actor = createActor(harness(calls, []), { input: newInput }).start()
    actor.send({ type: 'store.save' })
    expect(toStoreEditorView(actor.getSnapshot()).errors).toEqual({ name: 'store.form.errors.required' })
    actor.send({ type: 'store.change', field: 'name', value: 'Lille' })
    actor.send({ type: 'store.change', field: 'website', value: 'www.x.test' })
    actor.send({ type: 'store.change', field: 'phone', value: '12' })
    actor.send({ type: 'hours.add', day: 'mon' })
    actor.send({ type: 'hours.set', day: 'mon', index: 1, field: 'open', value: '17:00' })
    actor.send({ type: 'hours.set', day: 'tue', index: 0, field: 'close', value: '07:00' })
    let view = toStoreEditorView(actor.getSnapshot())
    expect(view.hourErrors).toEqual({ mon: 'overlapping', tue: 'inverted' })
    expect(view.errors).toMatchObject({ website: 'store.form.errors.url', phone: 'store.form.errors.phone' })
    actor.send({ type: 'store.save' })
    expect(calls.filter((c) => c.actor === 'saveStore')).toHaveLength(0)
    actor.send({ type: 'store.change', field: 'website', value: 'https://x.test' })
    actor.send({ type: 'store.change', field: 'phone', value: '03 20 12 34 56' })
    actor.send({ type: 'hours.remove', day: 'mon', index: 1 })
    actor.send({ type: 'hours.set', day: 'tue', index: 0, field: 'close', value: '12:00' })
    actor.send({ type: 'hours.copy', from: 'tue', to: ['wed', 'thu'] })
    actor.send({ type: 'hours.remove', day: 'sun', index: 0 })
    actor.send({ type: 'settings.toggle', key: 'hasScannerEnabled' })
    view = toStoreEditorView(actor.getSnapshot())
    expect(view.groups.closed).toEqual(['sun'])
    actor.send({ type: 'store.save' })
    const saved = calls.find((c) => c.actor === 'saveStore')!.input as {
      storeId: null
      body: { phone: string; website: string; storeOpeningHours: { hours: Record<string, unknown[]> } }
      settings: unknown
    }
    expect(saved.storeId).toBeNull()
    expect(saved.body.phone).toBe('+33320123456')
    expect(saved.body.storeOpeningHours.hours.wed).toEqual([{ open: '08:00', close: '12:00' }])
    expect(saved.body.storeOpeningHours.hours.sun).toEqual([])
    expect(saved.settings).toEqual({ hasScannerEnabled: true, hasFullWebAppEnabled: false })
    actor.send({ type: 'xstate.done.actor.saveStore', output: STORE } as never)
    expect(actor.getSnapshot().output).toEqual({ outcome: 'created', store: STORE })
  })

  it('edits: loads the store, warns before closing with changes, sends settings only when changed', () => {
    const calls: Calls = []
    const notices: string[] = []
    const actor = createActor(harness(calls, notices), { input: editInput }).start()
    expect(calls[0]).toEqual({ actor: 'loadStore', input: { storeId: STORE_ID } })
    actor.send({ type: 'xstate.done.actor.loadStore', output: STORE } as never)
    expect(toStoreEditorView(actor.getSnapshot()).values.name).toBe('Paris Marais')
    actor.send({ type: 'store.change', field: 'name', value: 'Paris' })
    actor.send({ type: 'store.close' })
    expect(actor.getSnapshot().value).toBe('confirmingClose')
    actor.send({ type: 'store.cancel' })
    actor.send({ type: 'store.save' })
    expect((calls.at(-1)!.input as { settings: unknown }).settings).toBeNull()
    actor.send({ type: 'xstate.error.actor.saveStore', error: new Error('500') } as never)
    expect(notices).toEqual(['errors.generic'])
    expect(actor.getSnapshot().value).toEqual({ editing: 'idle' })
    actor.send({ type: 'store.delete' })
    actor.send({ type: 'store.confirm' })
    expect(calls.at(-1)).toEqual({ actor: 'deleteStore', input: { storeId: STORE_ID } })
    actor.send({ type: 'xstate.done.actor.deleteStore' } as never)
    expect(actor.getSnapshot().output).toEqual({ outcome: 'deleted', store: null })
  })

  it('on the store’s page, a save stays on the saved form with the success message', () => {
    const calls: Calls = []
    const notices: string[] = []
    let savedSignals = 0
    const machine = harness(calls, notices).provide({ actions: { storeSaved: () => savedSignals++ } })
    const actor = createActor(machine, { input: { ...editInput, stayOnSave: true } }).start()
    actor.send({ type: 'xstate.done.actor.loadStore', output: STORE } as never)
    actor.send({ type: 'store.change', field: 'name', value: 'Paris Bastille' })
    actor.send({ type: 'store.save' })
    actor.send({ type: 'xstate.done.actor.saveStore', output: { ...STORE, name: 'Paris Bastille' } } as never)
    expect(actor.getSnapshot().status).toBe('active')
    expect(actor.getSnapshot().value).toEqual({ editing: 'idle' })
    expect(notices).toEqual(['store.messages.saved'])
    expect(savedSignals).toBe(1)
    // The saved form is the reference now: closing asks nothing.
    expect(toStoreEditorView(actor.getSnapshot()).values.name).toBe('Paris Bastille')
    actor.send({ type: 'store.close' })
    expect(actor.getSnapshot().output).toEqual({ outcome: 'closed', store: null })
  })

  it('uploads a logo and keeps the answered URL', () => {
    const calls: Calls = []
    const actor = createActor(harness(calls, []), { input: newInput }).start()
    actor.send({ type: 'store.upload', field: 'logo', file })
    expect(toStoreEditorView(actor.getSnapshot()).isUploading).toBe(true)
    expect(calls[0]).toMatchObject({ actor: 'uploadImage', input: { field: 'logo' } })
    actor.send({
      type: 'xstate.done.actor.uploadImage',
      output: { field: 'logo', url: '/files/store/a.jpeg' },
    } as never)
    expect(actor.getSnapshot().context.values.logo).toBe('/files/store/a.jpeg')
  })

  it('suggests the cities near valid coordinates; picking one fills the city; new coordinates clear them', () => {
    const calls: Calls = []
    const notices: string[] = []
    const actor = createActor(harness(calls, notices), { input: newInput }).start()
    // No coordinates yet: nothing to look up.
    actor.send({ type: 'store.findCities' })
    expect(calls).toEqual([])
    expect(toStoreEditorView(actor.getSnapshot()).canFindCities).toBe(false)
    actor.send({ type: 'store.change', field: 'lat', value: '48,85' })
    actor.send({ type: 'store.change', field: 'lng', value: '2.35' })
    expect(toStoreEditorView(actor.getSnapshot()).canFindCities).toBe(true)
    actor.send({ type: 'store.findCities' })
    expect(calls[0]).toMatchObject({ actor: 'findCities', input: { lat: 48.85, lng: 2.35, distance: 15 } })
    expect(toStoreEditorView(actor.getSnapshot()).isFindingCities).toBe(true)
    actor.send({ type: 'xstate.done.actor.findCities', output: [CITY] } as never)
    expect(toStoreEditorView(actor.getSnapshot()).nearCities).toEqual([CITY])
    actor.send({ type: 'store.pickCity', name: 'Paris' })
    expect(actor.getSnapshot().context.values.city).toBe('Paris')
    expect(toStoreEditorView(actor.getSnapshot()).nearCities).toBeNull()
    actor.send({ type: 'store.findCities' })
    actor.send({ type: 'xstate.done.actor.findCities', output: [CITY] } as never)
    actor.send({ type: 'store.change', field: 'lat', value: '45.76' })
    expect(toStoreEditorView(actor.getSnapshot()).nearCities).toBeNull()
    actor.send({ type: 'store.findCities' })
    actor.send({ type: 'xstate.error.actor.findCities', error: new Error('down') } as never)
    expect(notices).toEqual(['store.errors.nearCities'])
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true)
  })

  it('first store: asks the franchise name and country; the country sets currency and phone country', () => {
    const calls: Calls = []
    const actor = createActor(harness(calls, []), { input: firstInput }).start()
    let view = toStoreEditorView(actor.getSnapshot())
    expect(view.franchise).toEqual({ franchiseName: '', codeAlpha3: 'FRA' })
    expect(view.currencyCode).toBe('EUR')
    actor.send({ type: 'store.change', field: 'name', value: 'Chez Nina' })
    actor.send({ type: 'store.save' })
    expect(calls).toEqual([])
    view = toStoreEditorView(actor.getSnapshot())
    expect(view.franchiseErrors).toEqual({ franchiseName: 'store.firstStore.errors.franchiseNameRequired' })
    actor.send({ type: 'franchise.change', field: 'franchiseName', value: ' Nina & Co ' })
    actor.send({ type: 'franchise.change', field: 'codeAlpha3', value: 'CHE' })
    // A Swiss number is valid once the country is Switzerland.
    actor.send({ type: 'store.change', field: 'phone', value: '044 668 18 00' })
    view = toStoreEditorView(actor.getSnapshot())
    expect([view.currencyCode, view.country]).toEqual(['CHF', 'CH'])
    expect(view.errors).toEqual({})
    actor.send({ type: 'store.save' })
    expect(calls[0]).toMatchObject({
      actor: 'saveStore',
      input: {
        storeId: null,
        body: {
          name: 'Chez Nina',
          phone: '+41446681800',
          franchise: { name: 'Nina & Co', codeAlpha3: 'CHE' },
        },
      },
    })
    // The server sets the currency from the country: the form never sends one that could contradict it.
    expect(calls[0]!.input).not.toHaveProperty('body.currencyCode')
  })

  it('shows the franchise country’s currency for a store saved with another, and never sends one', () => {
    const calls: Calls = []
    const actor = createActor(harness(calls, []), { input: editInput }).start()
    actor.send({ type: 'xstate.done.actor.loadStore', output: { ...STORE, currencyCode: 'CHF' } } as never)
    expect(toStoreEditorView(actor.getSnapshot()).currencyCode).toBe('EUR')
    actor.send({ type: 'store.change', field: 'name', value: 'Paris Marais II' })
    actor.send({ type: 'store.save' })
    const save = calls.find((c) => c.actor === 'saveStore')!
    expect(save.input).toMatchObject({ body: { name: 'Paris Marais II' } })
    expect(save.input).not.toHaveProperty('body.currencyCode')
  })
})
