import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { profileMachine, toProfileView } from '../../machines/profile'
import { ApiError } from '../../src/api/client'
import type { UserInfo } from '../../src/domain/auth'
import { leafStates, valueToPaths } from '../support/model'

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
const SUB = { status: 'active', isSubscribedRetailer: true, since: null }
const FILE = new File(['x'], 'me.png', { type: 'image/png' })
const input = { userId: USER, startPage: null }

type Effects = {
  calls: { actor: string; input: unknown }[]
  notices: string[]
  urls: string[]
  startPages: (string | null)[]
}
const noEffects = (): Effects => ({ calls: [], notices: [], urls: [], startPages: [] })

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
      loadSubscription: rec('loadSubscription'),
      paymentLink: rec('paymentLink'),
    },
    actions: {
      notify: (_, p: { id: string }) => effects.notices.push(p.id),
      openUrl: (_, p: { url: string }) => effects.urls.push(p.url),
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
  { type: 'subscription.retry' },
  { type: 'subscription.pay' },
  { type: 'preferences.startPage', path: '/pages/user/clients' },
  { type: 'xstate.done.actor.loadProfile', output: INFO },
  { type: 'xstate.done.actor.loadProfile', output: WITH_PHOTO },
  { type: 'xstate.error.actor.loadProfile', error: new ApiError(500, 'X', 'down') },
  { type: 'xstate.done.actor.saveProfile', output: { ...INFO, displayName: 'Camille D.' } },
  { type: 'xstate.error.actor.saveProfile', error: new ApiError(500, 'X', 'down') },
  { type: 'xstate.done.actor.uploadPhoto', output: WITH_PHOTO },
  { type: 'xstate.error.actor.uploadPhoto', error: new ApiError(413, 'FILE_TOO_LARGE', 'big') },
  { type: 'xstate.done.actor.loadSubscription', output: SUB },
  { type: 'xstate.error.actor.loadSubscription', error: new ApiError(500, 'X', 'down') },
  { type: 'xstate.done.actor.paymentLink', output: { url: 'http://127.0.0.1/checkout/1' } },
  { type: 'xstate.error.actor.paymentLink', error: new ApiError(404, 'PAYMENT_LINK_NOT_FOUND', 'none') },
]

describe('profile machine', () => {
  const generated = getShortestPaths(profileMachine, {
    events: events as never,
    input: input as never,
    serializeState: (s) => JSON.stringify({ v: s.value, c: (s as { context: unknown }).context }),
  })

  it('reaches every state', () => {
    const reached = new Set(generated.flatMap((p) => valueToPaths(p.state.value)))
    expect([...reached].sort()).toEqual(leafStates(profileMachine).sort())
  })

  it('replays every path: same state and context, and only valid names are saved', () => {
    expect(generated.length).toBeGreaterThan(30)
    for (const path of generated) {
      const effects = noEffects()
      const actor = createActor(harness(effects), { input }).start()
      for (const step of path.steps)
        if ((step.event.type as string) !== 'xstate.init') actor.send(step.event as never)
      const snapshot = actor.getSnapshot()
      actor.stop()
      expect(snapshot.value).toEqual(path.state.value)
      expect(snapshot.context).toEqual(path.state.context)
      for (const c of effects.calls.filter((c) => c.actor === 'saveProfile')) {
        const { patch } = c.input as { patch: { displayName?: string } }
        if ('displayName' in patch) expect(patch.displayName!.trim().length).toBeGreaterThan(0)
      }
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
      loadSubscription: async () => SUB,
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

  it('opens the payment link, and tells when it cannot be loaded', async () => {
    let fail = false
    const { actor, effects, view } = start({
      loadSubscription: async () => ({ status: 'inactive', isSubscribedRetailer: false }),
      paymentLink: async () => {
        if (fail) throw new ApiError(404, 'PAYMENT_LINK_NOT_FOUND', 'none')
        return { url: 'http://127.0.0.1/checkout/1' }
      },
    })
    await tick()
    expect(view().isSubscribed).toBe(false)
    actor.send({ type: 'subscription.pay' })
    await tick()
    expect(effects.urls).toEqual(['http://127.0.0.1/checkout/1'])
    fail = true
    actor.send({ type: 'subscription.pay' })
    await tick()
    expect(effects.notices).toEqual(['profile.errors.paymentLink'])
  })

  it('saves the start page to local storage through its effect', () => {
    const { actor, effects, view } = start()
    actor.send({ type: 'preferences.startPage', path: '/pages/user/clients' })
    expect(effects.startPages).toEqual(['/pages/user/clients'])
    expect(view().startPage).toBe('/pages/user/clients')
  })
})
