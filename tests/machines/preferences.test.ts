import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import {
  fromStorage,
  type Preferences,
  preferencesMachine,
  SAVE_DELAY_MS,
  type StoredPreferences,
  toPreferencesView,
  toStorage,
} from '../../machines/preferences'
import { watchSessionOf } from '../../machines/preferences/preferences.actors'
import { ApiError } from '../../src/api/client'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replay,
} from '../support/model'

const USER = '33333333-3333-4333-8333-333333333333'
const WAITING_DONE = 'xstate.after.SAVE_DELAY.preferences.signedIn.waiting'
const input = { stored: {}, browserLanguage: 'fr-FR' }

const events = [
  { type: 'preferences.change', changes: { language: 'en' } },
  { type: 'preferences.change', changes: { theme: 'dark' } },
  { type: 'preferences.toggleNavbar' },
  { type: 'preferences.signIn', userId: USER, settings: { language: 'fr', theme: 'light' } },
  { type: 'preferences.signOut' },
  { type: WAITING_DONE },
  { type: 'xstate.done.actor.saveSettings', output: {} },
  { type: 'xstate.error.actor.saveSettings', error: new ApiError(500, 'INTERNAL_ERROR', 'down') },
  { type: 'xstate.done.actor.detectLanguage', output: { languages: 'en-US,en' } },
  { type: 'xstate.error.actor.detectLanguage', error: new ApiError(0, 'NETWORK_ERROR', 'down') },
]

/** The machine with recording effects: storage writes, document updates, toasts and server saves. */
function harness(calls: Calls, effects: string[], storage?: Map<string, string>) {
  return preferencesMachine.provide({
    actors: {
      ...(recordingActors(['saveSettings', 'detectLanguage'], calls) as object),
      watchSession: fromCallback(() => () => {}),
    } as never,
    actions: {
      persist: (_, p: Preferences) => {
        effects.push(`persist:${JSON.stringify(p)}`)
        for (const [k, v] of Object.entries(toStorage(p))) storage?.set(k, v)
      },
      applyToDocument: (_, p: Preferences) => effects.push(`apply:${p.language}/${p.theme}/${p.direction}`),
      notify: (_, p: { id: string }) => effects.push(`notify:${p.id}`),
      storeUnsaved: (_, userId: string | null) => {
        effects.push(`unsaved:${userId}`)
        if (userId) storage?.set('unsaved', userId)
        else storage?.delete('unsaved')
      },
    },
  })
}

describe('preferences (pure mapping)', () => {
  it('defaults to French, a folded left navbar, vertical, light, ltr, animations on (§9)', () => {
    expect(fromStorage({}, 'fr-FR')).toEqual({
      language: 'fr',
      navbarFolded: true,
      layout: 'vertical',
      theme: 'light',
      direction: 'ltr',
      animations: true,
    })
    expect(fromStorage({}, 'de-DE').language).toBe('fr')
    expect(fromStorage({}, 'en-US').language).toBe('en')
    expect(fromStorage({}, 'en-GB').language).toBe('fr')
  })

  it('restores what storage holds and ignores values it does not know', () => {
    const stored: StoredPreferences = {
      language: 'en',
      folded: 'false',
      layout: 'horizontal',
      theme: 'dark',
      direction: 'rtl',
      animations: 'off',
    }
    expect(fromStorage(stored, 'fr-FR')).toEqual({
      language: 'en',
      navbarFolded: false,
      layout: 'horizontal',
      theme: 'dark',
      direction: 'rtl',
      animations: false,
    })
    expect(
      fromStorage({ language: 'de', layout: 'diagonal', theme: 'pink', folded: 'maybe' }, 'fr-FR'),
    ).toEqual(fromStorage({}, 'fr-FR'))
  })
})

/**
 * The preferences and the save under way after these events, as the shell's rules say: a change is
 * kept (and, signed in, saved after a pause); a sign-in brings the server's settings; the browser's
 * language is guessed only until a choice is made.
 */
function expectedPreferences(events: { type: string; [k: string]: unknown }[]) {
  const base = fromStorage({}, 'fr-FR')
  let prefs: Record<string, unknown> = { ...base }
  let signedIn = false
  let detecting = true
  let pending: 'none' | 'waiting' | 'saving' = 'none'
  // The user whose changes are not on the server yet: they win over its settings at the next sign-in.
  let unsaved: string | null = null
  let detections = 0
  let saves = 0
  for (const e of events) {
    if (e.type === 'preferences.change') {
      prefs = { ...prefs, ...(e.changes as object) }
      if (signedIn) pending = 'waiting'
      else detecting = false
    }
    if (e.type === 'preferences.toggleNavbar') {
      prefs.navbarFolded = !prefs.navbarFolded
      if (signedIn) pending = 'waiting'
    }
    if (signedIn && /^preferences\.(change|toggleNavbar)$/.test(e.type)) unsaved = USER
    if (e.type === 'preferences.signIn') {
      if (unsaved === e.userId) {
        pending = 'saving'
        saves++
      } else {
        prefs = { ...prefs, ...(e.settings as object) }
        pending = 'none'
        unsaved = null
      }
      signedIn = true
      detecting = false
    }
    if (e.type === 'preferences.signOut') {
      signedIn = false
      pending = 'none'
    }
    if (e.type === WAITING_DONE && pending === 'waiting') {
      pending = 'saving'
      saves++
    }
    if (e.type === 'xstate.done.actor.saveSettings' && pending === 'saving') unsaved = null
    if (/^xstate\.(done|error)\.actor\.saveSettings$/.test(e.type) && pending === 'saving') pending = 'none'
    if (e.type === 'xstate.done.actor.detectLanguage' && detecting) {
      prefs.language = 'en'
      detecting = false
      detections++
    }
    if (e.type === 'xstate.error.actor.detectLanguage') detecting = false
  }
  return {
    view: {
      language: prefs.language,
      theme: prefs.theme,
      navbarFolded: prefs.navbarFolded,
      isSignedIn: signedIn,
      isSaving: pending === 'saving',
      hasPendingSave: pending !== 'none',
    },
    detections,
    saves,
    unsaved,
  }
}

describe('preferences machine', () => {
  const paths = generatePaths(preferencesMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(preferencesMachine, paths)
  })

  it('replays every path: each change is persisted and applied, saves only for a signed-in user', () => {
    expect(paths.length).toBeGreaterThan(20)
    checkEachPath(paths, (path) => {
      const calls: Calls = []
      const effects: string[] = []
      const snap = replay(harness(calls, effects), path.steps, input)
      const expected = expectedPreferences(path.steps.map((x) => x.event))
      expect(toPreferencesView(snap)).toMatchObject(expected.view)
      const changes = path.steps.filter((s) =>
        /^preferences\.(change|toggleNavbar|signIn)$/.test(s.event.type),
      )
      expect(effects.filter((e) => e.startsWith('persist:'))).toHaveLength(changes.length)
      // A detected language is applied (not persisted) when it arrives while detecting.
      const detections = expected.detections
      // The initial application plus one per change and per detection.
      expect(effects.filter((e) => e.startsWith('apply:'))).toHaveLength(changes.length + 1 + detections)
      const saveCalls = calls.filter((c) => c.actor === 'saveSettings')
      for (const c of saveCalls) expect(c.input).toMatchObject({ userId: USER })
      // A save happens after the debounce, or at a sign-in that finds unsaved changes; never for a guest.
      expect(saveCalls).toHaveLength(expected.saves)
      expect(snap.context.unsavedFor).toBe(expected.unsaved)
      const errors = path.steps.filter((s) => s.event.type === 'xstate.error.actor.saveSettings').length
      expect(effects.filter((e) => e === 'notify:preferences.saveError')).toHaveLength(errors)
    })
  })

  it('writes every change to storage, so a reload restores all of them', () => {
    const storage = new Map<string, string>()
    const actor = createActor(harness([], [], storage), { input }).start()
    actor.send({
      type: 'preferences.change',
      changes: { language: 'en', theme: 'dark', layout: 'horizontal' },
    })
    actor.send({ type: 'preferences.change', changes: { direction: 'rtl', animations: false } })
    actor.send({ type: 'preferences.toggleNavbar' })
    const before = toPreferencesView(actor.getSnapshot())
    actor.stop()
    const reloaded = createActor(harness([], []), {
      input: { stored: Object.fromEntries(storage), browserLanguage: 'fr-FR' },
    }).start()
    expect(toPreferencesView(reloaded.getSnapshot())).toEqual(before)
    expect(before).toMatchObject({
      language: 'en',
      theme: 'dark',
      layout: 'horizontal',
      direction: 'rtl',
      animations: false,
      navbarFolded: false,
    })
  })

  it('takes the server settings on sign-in (server wins over local) and keeps local values it lacks', () => {
    const storage = new Map<string, string>()
    const actor = createActor(harness([], [], storage), {
      input: { stored: { language: 'en', theme: 'dark', folded: 'false' }, browserLanguage: 'en-US' },
    }).start()
    actor.send({ type: 'preferences.signIn', userId: USER, settings: { language: 'fr', navbarFolded: true } })
    expect(toPreferencesView(actor.getSnapshot())).toMatchObject({
      language: 'fr',
      navbarFolded: true,
      theme: 'dark',
      isSignedIn: true,
    })
    expect(storage.get('language')).toBe('fr')
    expect(storage.get('folded')).toBe('true')
  })

  it('debounces server saves with the named delay and sends the latest preferences once', async () => {
    const saved: unknown[] = []
    const clock = new SimulatedClock()
    const machine = harness([], []).provide({
      actors: {
        saveSettings: fromPromise(async ({ input }) => {
          saved.push(input)
          return {}
        }),
      },
    })
    const actor = createActor(machine, { input, clock }).start()
    actor.send({ type: 'preferences.signIn', userId: USER, settings: {} })
    actor.send({ type: 'preferences.change', changes: { theme: 'dark' } })
    clock.increment(SAVE_DELAY_MS - 1)
    actor.send({ type: 'preferences.toggleNavbar' })
    clock.increment(SAVE_DELAY_MS - 1)
    expect(saved).toEqual([])
    expect(toPreferencesView(actor.getSnapshot()).hasPendingSave).toBe(true)
    clock.increment(1)
    expect(actor.getSnapshot().matches({ signedIn: 'saving' })).toBe(true)
    await Promise.resolve()
    await Promise.resolve()
    expect(saved).toEqual([
      {
        userId: USER,
        settings: {
          language: 'fr',
          navbarFolded: false,
          layout: 'vertical',
          theme: 'dark',
          direction: 'ltr',
          animations: true,
        },
      },
    ])
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true)
  })

  it('keeps the local value and shows a toast when the server save fails', () => {
    const effects: string[] = []
    const storage = new Map<string, string>()
    const actor = createActor(harness([], effects, storage), { input }).start()
    actor.send({ type: 'preferences.signIn', userId: USER, settings: {} })
    actor.send({ type: 'preferences.change', changes: { theme: 'dark' } })
    actor.send({ type: WAITING_DONE } as never)
    actor.send({
      type: 'xstate.error.actor.saveSettings',
      error: new ApiError(0, 'NETWORK_ERROR', 'x'),
    } as never)
    expect(effects).toContain('notify:preferences.saveError')
    expect(toPreferencesView(actor.getSnapshot()).theme).toBe('dark')
    expect(storage.get('theme')).toBe('dark')
  })

  it('keeps a change not saved before a reload: it wins over the server settings and is saved at the next sign-in', () => {
    const storage = new Map<string, string>()
    const first = createActor(harness([], [], storage), { input }).start()
    first.send({ type: 'preferences.signIn', userId: USER, settings: { theme: 'light' } })
    first.send({ type: 'preferences.change', changes: { theme: 'dark' } })
    // The page goes away within the debounce: nothing was sent.
    first.stop()
    expect(storage.get('unsaved')).toBe(USER)
    const calls: Calls = []
    const reloaded = createActor(harness(calls, [], storage), {
      input: { stored: Object.fromEntries(storage), browserLanguage: 'fr-FR' },
    }).start()
    reloaded.send({ type: 'preferences.signIn', userId: USER, settings: { theme: 'light', language: 'fr' } })
    expect(toPreferencesView(reloaded.getSnapshot())).toMatchObject({ theme: 'dark', isSaving: true })
    expect(calls.filter((c) => c.actor === 'saveSettings').map((c) => c.input)).toEqual([
      { userId: USER, settings: expect.objectContaining({ theme: 'dark' }) },
    ])
    reloaded.send({ type: 'xstate.done.actor.saveSettings', output: {} } as never)
    expect(storage.has('unsaved')).toBe(false)
    // Saved: from now on the server's settings win again.
    reloaded.send({ type: 'preferences.signOut' })
    reloaded.send({ type: 'preferences.signIn', userId: USER, settings: { theme: 'light' } })
    expect(toPreferencesView(reloaded.getSnapshot()).theme).toBe('light')
  })

  it("keeps a failed save's change for the next sign-in, and drops it when another user signs in", () => {
    const storage = new Map<string, string>()
    const actor = createActor(harness([], [], storage), { input }).start()
    actor.send({ type: 'preferences.signIn', userId: USER, settings: {} })
    actor.send({ type: 'preferences.toggleNavbar' })
    actor.send({ type: WAITING_DONE } as never)
    actor.send({
      type: 'xstate.error.actor.saveSettings',
      error: new ApiError(0, 'NETWORK_ERROR', 'x'),
    } as never)
    expect(storage.get('unsaved')).toBe(USER)
    actor.send({ type: 'preferences.signOut' })
    const OTHER = '44444444-4444-4444-8444-444444444444'
    actor.send({ type: 'preferences.signIn', userId: OTHER, settings: { navbarFolded: true } })
    expect(toPreferencesView(actor.getSnapshot())).toMatchObject({
      navbarFolded: true,
      hasPendingSave: false,
    })
    expect(storage.has('unsaved')).toBe(false)
  })

  it('keeps preferences in this browser only while signed out', () => {
    const calls: Calls = []
    const actor = createActor(harness(calls, []), { input }).start()
    actor.send({ type: 'preferences.signIn', userId: USER, settings: {} })
    actor.send({ type: 'preferences.signOut' })
    actor.send({ type: 'preferences.change', changes: { language: 'en' } })
    expect(actor.getSnapshot().matches('guest')).toBe(true)
    expect(actor.getSnapshot().context.userId).toBeNull()
    expect(calls.filter((c) => c.actor === 'saveSettings')).toEqual([])
  })
})

describe('watchSessionOf', () => {
  it('turns a session user appearing and leaving into signIn and signOut, once each', () => {
    let listener: ((s: unknown) => void) | null = null
    let snapshot: { user: { id: string; settings: null } | null } = { user: null }
    const session = {
      getSnapshot: () => snapshot,
      subscribe: (l: unknown) => {
        listener = l as (s: unknown) => void
        return { unsubscribe: () => {} }
      },
    } as unknown as Parameters<typeof watchSessionOf>[0]
    const received: string[] = []
    const parent = createActor(
      preferencesMachine.provide({
        actors: { watchSession: watchSessionOf(session, (s) => (s as typeof snapshot).user) },
        // Neither local storage nor <html> here (node): the machine's own writes are left out.
        actions: { persist: () => {}, applyToDocument: () => {} },
      }),
      { input },
    )
    parent.subscribe((s) => received.push(JSON.stringify(s.value)))
    parent.start()
    snapshot = { user: { id: USER, settings: null } }
    listener!(snapshot)
    listener!(snapshot)
    expect(parent.getSnapshot().context.userId).toBe(USER)
    snapshot = { user: null }
    listener!(snapshot)
    expect(parent.getSnapshot().matches('guest')).toBe(true)
    expect(received.filter((v) => v.includes('signedIn'))).toHaveLength(1)
  })
})

describe('language detection (§7 IP geolocation)', () => {
  it('asks once when no language was chosen, and en-US gives English without storing a choice', () => {
    const calls: Calls = []
    const effects: string[] = []
    const actor = createActor(harness(calls, effects), {
      input: { stored: {}, browserLanguage: 'fr-FR' },
    }).start()
    expect(calls.map((c) => c.actor)).toEqual(['detectLanguage'])
    actor.send({ type: 'xstate.done.actor.detectLanguage', output: { languages: 'en-US,en' } } as never)
    expect(actor.getSnapshot().context.language).toBe('en')
    expect(effects.some((e) => e.startsWith('persist:'))).toBe(false)
  })

  it('keeps French for any other languages, and does not ask when a language is stored', () => {
    const calls: Calls = []
    const a = createActor(harness(calls, []), { input: { stored: {}, browserLanguage: 'en-US' } }).start()
    a.send({ type: 'xstate.done.actor.detectLanguage', output: { languages: 'de-DE,de' } } as never)
    expect(a.getSnapshot().context.language).toBe('fr')
    const before = calls.length
    createActor(harness(calls, []), {
      input: { stored: { language: 'en' }, browserLanguage: 'fr-FR' },
    }).start()
    expect(calls.length).toBe(before)
  })

  it('lets a choice made by hand win over a detection under way', () => {
    const actor = createActor(harness([], []), { input: { stored: {}, browserLanguage: 'fr-FR' } }).start()
    actor.send({ type: 'preferences.change', changes: { language: 'fr' } })
    actor.send({ type: 'xstate.done.actor.detectLanguage', output: { languages: 'en-US' } } as never)
    expect(actor.getSnapshot().context.language).toBe('fr')
  })
})
