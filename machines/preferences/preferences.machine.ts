// Display preferences (SPEC §1 layout settings panel and language menu, §9 navbar and defaults): the
// language, the folded navbar, the layout (vertical or horizontal), the theme, the direction and the
// animations. Every change is written to local storage at once and applied to the document; while a
// user is signed in it is also saved to the server's user settings, debounced, and a failed save only
// shows a toast (the local value stays). When a user signs in, the server's settings win, unless this
// browser holds that user's changes not saved yet (a reload or a sign-out within the debounce, a save
// that failed): those win and are saved then.
import { assign, fromCallback, setup } from 'xstate'
import type { UserSettings } from '../../src/domain/auth'
import { isLocale, type Locale, pickLocale } from '../../src/domain/locale'
import {
  fromServer,
  fromStorage,
  type Preferences,
  pickPreferences,
  type StoredPreferences,
  toServer,
} from './preferences'
import {
  applyToDocument,
  detectLanguage,
  saveSettings,
  writeStoredPreferences,
  writeUnsaved,
} from './preferences.actors'

export type PreferencesInput = {
  /** What local storage held at start-up. */
  stored: StoredPreferences
  /** navigator.language: English only for en-US (§9). */
  browserLanguage: string | null
  /** A language the embedding app imposes over the browser's (tests, stories); a stored choice still wins. */
  language?: Locale
}

export type PreferencesContext = Preferences & {
  /** The signed-in user whose server settings are kept in step; null while signed out. */
  userId: string | null
  /** No language was chosen yet: the IP-geolocation call of §7 may pick it (en-US → English). */
  mayDetectLanguage: boolean
  /** The user whose changes are in this browser and not on the server yet (kept in local storage). */
  unsavedFor: string | null
}

export type PreferencesEvent =
  | { type: 'preferences.change'; changes: Partial<Preferences> }
  | { type: 'preferences.toggleNavbar' }
  /** Sent by the `watchSession` actor when a user signs in (with the server's settings) or out. */
  | { type: 'preferences.signIn'; userId: string; settings: UserSettings | null }
  | { type: 'preferences.signOut' }

export type SaveSettingsInput = { userId: string; settings: UserSettings }

/** Debounce of server saves: a burst of clicks in the settings panel makes one request. */
export const SAVE_DELAY_MS = 800

/** The preferences part of the context, for the effects that take it as their parameters. */
const current = ({ context }: { context: PreferencesContext }) => pickPreferences(context)
const persistAndApply = [
  { type: 'persist', params: current },
  { type: 'applyToDocument', params: current },
] as const
/** Notes (in the context, then in storage) whose changes are still to be saved: the user's, or nobody's. */
const unsavedOf = ({ context }: { context: PreferencesContext }) => context.unsavedFor
const noteUnsaved = ['noteUnsaved', { type: 'storeUnsaved', params: unsavedOf }] as const
const forgetUnsaved = ['forgetUnsaved', { type: 'storeUnsaved', params: unsavedOf }] as const

export const preferencesMachine = setup({
  types: {
    input: {} as PreferencesInput,
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
  },
  actors: {
    saveSettings,
    /** §7 IP geolocation: the visitor's languages (2 s time-out on the server, France when unknown). */
    detectLanguage,
    /** Provided by the app: turns the session's sign-in and sign-out into events. */
    watchSession: fromCallback(() => () => {}),
  },
  delays: { SAVE_DELAY: SAVE_DELAY_MS },
  guards: {
    mayDetectLanguage: ({ context }) => context.mayDetectLanguage,
    hasUnsavedChanges: ({ context, event }) =>
      event.type === 'preferences.signIn' && context.unsavedFor === event.userId,
  },
  actions: {
    /** Writes the preferences to local storage. */
    persist: (_, p: Preferences) => writeStoredPreferences(p),
    noteUnsaved: assign({ unsavedFor: ({ context }) => context.userId }),
    forgetUnsaved: assign({ unsavedFor: null }),
    /** Remembers across reloads whose changes are not saved yet. */
    storeUnsaved: (_, userId: string | null) => writeUnsaved(userId),
    /** Sets <html>'s language, direction, theme and animations. */
    applyToDocument: (_, p: Preferences) => applyToDocument(p),
    /** A toast, provided by the app (its effects). */
    notify: (_, _params: { level: 'error'; id: 'preferences.saveError' }) => {},
    change: assign(({ context, event }) => {
      if (event.type === 'preferences.toggleNavbar') return { navbarFolded: !context.navbarFolded }
      if (event.type === 'preferences.change') return pickPreferences({ ...context, ...event.changes })
      return {}
    }),
    adoptDetectedLanguage: assign(({ event }) => {
      const languages = (event as unknown as { output?: { languages?: string } }).output?.languages ?? ''
      return { language: pickLocale(languages.split(',')[0]?.trim() ?? null), mayDetectLanguage: false }
    }),
    adoptServerSettings: assign(({ context, event }) => {
      if (event.type !== 'preferences.signIn') return {}
      return { ...fromServer(context, event.settings), userId: event.userId }
    }),
  },
}).createMachine({
  id: 'preferences',
  context: ({ input }) => ({
    ...fromStorage(input.stored, input.browserLanguage, input.language),
    userId: null,
    mayDetectLanguage: !isLocale(input.stored.language) && !input.language,
    unsavedFor: input.stored.unsaved ?? null,
  }),
  entry: { type: 'applyToDocument', params: current },
  invoke: { id: 'watchSession', src: 'watchSession' },
  on: {
    'preferences.signIn': [
      // This browser's changes are newer than what the server holds: they stay, and are saved now.
      {
        guard: 'hasUnsavedChanges',
        target: '.signedIn.saving',
        actions: [
          assign({ userId: ({ event }) => event.userId, mayDetectLanguage: false }),
          ...persistAndApply,
        ],
      },
      {
        target: '.signedIn',
        actions: [
          'adoptServerSettings',
          assign({ mayDetectLanguage: false }),
          ...persistAndApply,
          ...forgetUnsaved,
        ],
      },
    ],
    'preferences.signOut': { target: '.guest', actions: assign({ userId: null }) },
  },
  initial: 'guest',
  states: {
    // Signed out (login page): changes stay in this browser.
    guest: {
      initial: 'checking',
      on: {
        // A choice made by hand ends any detection under way.
        'preferences.change': {
          target: '.ready',
          actions: ['change', assign({ mayDetectLanguage: false }), ...persistAndApply],
        },
        'preferences.toggleNavbar': { actions: ['change', ...persistAndApply] },
      },
      states: {
        checking: { always: [{ guard: 'mayDetectLanguage', target: 'detecting' }, { target: 'ready' }] },
        // Why not persisted: a guess is not a choice; the browser asks again next time.
        detecting: {
          invoke: {
            id: 'detectLanguage',
            src: 'detectLanguage',
            onDone: {
              target: 'ready',
              actions: ['adoptDetectedLanguage', { type: 'applyToDocument', params: current }],
            },
            onError: { target: 'ready', actions: assign({ mayDetectLanguage: false }) },
          },
        },
        ready: {},
      },
    },
    signedIn: {
      initial: 'idle',
      on: {
        // Targeting `waiting` re-enters it, which restarts the debounce: only the last of a burst is
        // saved; a save under way is dropped (leaving `saving` stops it) and made again afterwards.
        'preferences.change': {
          target: '.waiting',
          actions: ['change', ...persistAndApply, ...noteUnsaved],
        },
        'preferences.toggleNavbar': {
          target: '.waiting',
          actions: ['change', ...persistAndApply, ...noteUnsaved],
        },
      },
      states: {
        idle: {},
        waiting: { after: { SAVE_DELAY: 'saving' } },
        saving: {
          invoke: {
            id: 'saveSettings',
            src: 'saveSettings',
            input: ({ context }) => ({ userId: context.userId!, settings: toServer(context) }),
            onDone: { target: 'idle', actions: forgetUnsaved },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: { level: 'error', id: 'preferences.saveError' } },
            },
          },
        },
      },
    },
  },
})
