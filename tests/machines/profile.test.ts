import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { PROFILE_NAME_MAX, profileMachine, toProfileView } from '../../machines/profile'
import { ApiError } from '../../src/api/client'
import type { UserInfo } from '../../src/domain/auth'
import { expectEveryStateReached } from '../support/model'

const USER = '33333333-3333-4333-8333-333333333333'
const INFO: UserInfo = {
  id: USER,
  email: 'camille@demo.test',
  role: 'FRANCHISE_OWNER',
  displayName: 'Camille',
  photoURL: null,
  hasAcceptedCGV: true,
  isSubscribedRetailer: true,
  isSuperAdmin: false,
  stripeId: null,
  data: { displayName: 'Camille', photoURL: null, email: 'camille@demo.test', settings: {} },
}
const WITH_PHOTO = { ...INFO, photoURL: '/files/profile/a.png' }
const FILE = new File(['x'], 'me.png', { type: 'image/png' })
const input = { userId: USER, startPage: null }

type Effects = {
  calls: { actor: string; input: unknown }[]
  notices: string[]
  startPages: (string | null)[]
}
const noEffects = (): Effects => ({ calls: [], notices: [], startPages: [] })

function harness(
  effects: Effects,
  answers: Partial<Record<string, (input: unknown) => Promise<unknown>>> = {},
) {
  const rec = (name: string) =>
    fromPromise(({ input }) => {
      effects.calls.push({ actor: name, input })
      return answers[name] ? answers[name]!(input) : new Promise<never>(() => {})
    }) as never
  return profileMachine.provide({
    actors: {
      loadProfile: rec('loadProfile'),
      saveProfile: rec('saveProfile'),
      uploadPhoto: rec('uploadPhoto'),
    },
    actions: {
      notify: (_, p: { id: string }) => effects.notices.push(p.id),
      persistStartPage: (_, p: { path: string | null }) => effects.startPages.push(p.path),
    },
  })
}

const events = [
  { type: 'profile.retry' },
  { type: 'profile.changeName', value: 'Camille D.' },
  { type: 'profile.changeName', value: '' },
  { type: 'profile.save' },
  { type: 'profile.reset' },
  { type: 'profile.photo', file: FILE },
  { type: 'profile.removePhoto' },
  { type: 'preferences.startPage', path: '/pages/user/clients' },
  { type: 'xstate.done.actor.loadProfile', output: INFO },
  { type: 'xstate.done.actor.loadProfile', output: WITH_PHOTO },
  { type: 'xstate.error.actor.loadProfile', error: new ApiError(500, 'X', 'down') },
  { type: 'xstate.done.actor.saveProfile', output: { ...INFO, displayName: 'Camille D.' } },
  { type: 'xstate.error.actor.saveProfile', error: new ApiError(500, 'X', 'down') },
  { type: 'xstate.done.actor.uploadPhoto', output: WITH_PHOTO },
  { type: 'xstate.error.actor.uploadPhoto', error: new ApiError(413, 'FILE_TOO_LARGE', 'big') },
]

describe('profile machine', () => {
  const generated = getShortestPaths(profileMachine, {
    events: events as never,
    input: input as never,
    serializeState: (s) => JSON.stringify({ v: s.value, c: (s as { context: unknown }).context }),
  })

  it('reaches every state', () => {
    expectEveryStateReached(profileMachine, generated)
  })

  // What each state must show, and what may be sent from it, on every generated path.
  const SHOWS: Record<string, Partial<ReturnType<typeof toProfileView>>> = {
    loading: { isLoading: true, isReady: false, isSaving: false, isUploading: false },
    failed: { isFailed: true, isReady: false, loadError: 'profile.errors.load' },
    ready: { isReady: true, isSaving: false, isUploading: false },
    saving: { isReady: true, isSaving: true },
    uploading: { isReady: true, isUploading: true },
    removingPhoto: { isReady: true, isUploading: true },
  }

  it('shows each state on every path, saves only valid names and removes only a photo that exists', () => {
    expect(generated.length).toBeGreaterThan(20)
    for (const path of generated) {
      const effects = noEffects()
      const actor = createActor(harness(effects), { input }).start()
      for (const step of path.steps)
        if ((step.event.type as string) !== 'xstate.init') actor.send(step.event as never)
      const snapshot = actor.getSnapshot()
      actor.stop()
      const view = toProfileView(snapshot)
      expect(view).toMatchObject(SHOWS[snapshot.value as string]!)
      // A name error is only ever about a name that may not be saved.
      if (view.nameError) {
        const name = view.displayName.trim()
        expect(name.length === 0 || name.length > PROFILE_NAME_MAX).toBe(true)
      }
      // The dirty flag compares with the saved information.
      if (snapshot.context.info)
        expect(view.isDirty).toBe(view.displayName.trim() !== snapshot.context.info.displayName)
      for (const c of effects.calls.filter((c) => c.actor === 'saveProfile')) {
        const { patch } = c.input as { patch: { displayName?: string; photoURL?: string | null } }
        if ('displayName' in patch) expect(patch.displayName!.trim().length).toBeGreaterThan(0)
      }
      // The photo being removed is one the account has (info changes only once the call answers).
      if (snapshot.value === 'removingPhoto') expect(snapshot.context.info?.photoURL).toBeTruthy()
    }
  }, 30_000)

  const start = (answers: Parameters<typeof harness>[1] = {}) => {
    const effects = noEffects()
    const actor = createActor(harness(effects, answers), { input }).start()
    return { actor, effects, view: () => toProfileView(actor.getSnapshot()) }
  }
  const tick = () => new Promise((r) => setTimeout(r, 0))

  it('loads, refuses an empty name, saves a changed one and toasts', async () => {
    const { actor, effects, view } = start({
      loadProfile: async () => INFO,
      saveProfile: async (i) => ({
        ...INFO,
        displayName: (i as { patch: { displayName: string } }).patch.displayName,
      }),
    })
    await tick()
    expect(view()).toMatchObject({
      isReady: true,
      email: 'camille@demo.test',
      displayName: 'Camille',
      isDirty: false,
    })
    actor.send({ type: 'profile.changeName', value: '  ' })
    actor.send({ type: 'profile.save' })
    expect(view().nameError).toBe('profile.errors.nameRequired')
    actor.send({ type: 'profile.changeName', value: ' Camille D. ' })
    actor.send({ type: 'profile.save' })
    await tick()
    expect(effects.calls.find((c) => c.actor === 'saveProfile')?.input).toEqual({
      userId: USER,
      patch: { displayName: 'Camille D.' },
    })
    expect(view()).toMatchObject({ displayName: 'Camille D.', isDirty: false })
    expect(effects.notices).toEqual(['profile.info.saved'])
  })

  it('uploads a photo through its actor and shows an upload error by its message', async () => {
    let fail = true
    const { actor, view } = start({
      loadProfile: async () => INFO,
      uploadPhoto: async () => {
        if (fail) throw new ApiError(413, 'FILE_TOO_LARGE', 'big')
        return WITH_PHOTO
      },
    })
    await tick()
    actor.send({ type: 'profile.photo', file: FILE })
    expect(view().isUploading).toBe(true)
    await tick()
    expect(view().uploadError).toMatch(/^ui\.imageUpload\.errors\./)
    fail = false
    actor.send({ type: 'profile.photo', file: FILE })
    await tick()
    expect(view()).toMatchObject({ photoURL: '/files/profile/a.png', uploadError: null })
  })

  it('saves the start page to local storage through its effect', () => {
    const { actor, effects, view } = start()
    actor.send({ type: 'preferences.startPage', path: '/pages/user/clients' })
    expect(effects.startPages).toEqual(['/pages/user/clients'])
    expect(view().startPage).toBe('/pages/user/clients')
  })
})
