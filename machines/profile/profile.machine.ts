// The profile page (/pages/profile, SPEC §2 "information, subscription, preferences"):
// - the user's information (GET api/v2/users/{id}/info); the display name is edited and saved
//   (PATCH api/users/{id}); the e-mail is read-only; a photo is uploaded through the storage adapter
//   (uploadFile('profile', …)) and saved on the account at once, as is its removal.
// - The start page (§2 fallback route) is a local-storage preference: `preferences.startPage` writes it.
//   Language, layout and theme belong to the app's preferences machine, which the page drives directly.
// The subscription card is the subscription machine's (machines/subscription), mounted beside this one.
import { assign, setup } from 'xstate'
import { writeKey } from '../../src/api/storage'
import type { UserInfo } from '../../src/domain/auth'
import { uploadErrorMessage } from '../../src/domain/files'
import { loadProfile, saveProfile, uploadPhoto } from './profile.actors'

export const PROFILE_NAME_MAX = 120

export type ProfileInput = {
  userId: string
  /** The saved start page (local storage), or null for the default (analytics). */
  startPage: string | null
}

export type ProfileContext = {
  userId: string
  info: UserInfo | null
  displayName: string
  nameError: string | null
  /** A message id, when loading the information failed. */
  loadError: string | null
  uploadError: string | null
  startPage: string | null
}

export type ProfileEvent =
  | { type: 'profile.retry' }
  | { type: 'profile.changeName'; value: string }
  | { type: 'profile.save' }
  | { type: 'profile.reset' }
  | { type: 'profile.photo'; file: File }
  | { type: 'profile.removePhoto' }
  | { type: 'preferences.startPage'; path: string | null }

const infoOf = (event: unknown) => (event as { output: UserInfo }).output

export const profileMachine = setup({
  types: { input: {} as ProfileInput, context: {} as ProfileContext, events: {} as ProfileEvent },
  actors: {
    loadProfile,
    saveProfile,
    /** Uploads the photo, then saves its URL on the account. */
    uploadPhoto,
  },
  guards: {
    isNameValid: ({ context }) =>
      context.displayName.trim().length > 0 && context.displayName.trim().length <= PROFILE_NAME_MAX,
    isNameChanged: ({ context }) => context.displayName.trim() !== (context.info?.displayName ?? ''),
    hasPhoto: ({ context }) => !!context.info?.photoURL,
  },
  actions: {
    /** Provided by the app: a toast (message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    /** Writes the start page to local storage (null clears it). */
    persistStartPage: (_, p: { path: string | null }) => writeKey('startPage', p.path),
    setInfo: assign(({ event }) => {
      const info = infoOf(event)
      return { info, displayName: info.displayName, nameError: null, loadError: null, uploadError: null }
    }),
    setLoadError: assign({ loadError: 'profile.errors.load' }),
    changeName: assign(({ event }) =>
      event.type === 'profile.changeName'
        ? { displayName: event.value.slice(0, PROFILE_NAME_MAX + 1), nameError: null }
        : {},
    ),
    showNameError: assign(({ context }) => ({
      nameError: context.displayName.trim() ? 'profile.errors.nameTooLong' : 'profile.errors.nameRequired',
    })),
    resetName: assign(({ context }) => ({ displayName: context.info?.displayName ?? '', nameError: null })),
    setUploadError: assign({
      uploadError: ({ event }) => uploadErrorMessage((event as { error?: unknown }).error),
    }),
    clearUploadError: assign({ uploadError: null }),
    setStartPage: assign({
      startPage: ({ event }) => (event.type === 'preferences.startPage' ? event.path : null),
    }),
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    userId: input.userId,
    info: null,
    displayName: '',
    nameError: null,
    loadError: null,
    uploadError: null,
    startPage: input.startPage,
  }),
  on: {
    'preferences.startPage': {
      actions: [
        'setStartPage',
        { type: 'persistStartPage', params: ({ event }) => ({ path: event.path }) },
        { type: 'notify', params: { level: 'success', id: 'profile.preferences.saved' } },
      ],
    },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: 'setInfo' },
        onError: { target: 'failed', actions: 'setLoadError' },
      },
    },
    failed: { on: { 'profile.retry': 'loading' } },
    ready: {
      on: {
        'profile.changeName': { actions: 'changeName' },
        'profile.reset': { actions: 'resetName' },
        'profile.save': [{ guard: 'isNameValid', target: 'saving' }, { actions: 'showNameError' }],
        'profile.photo': { target: 'uploading', actions: 'clearUploadError' },
        'profile.removePhoto': {
          guard: 'hasPhoto',
          target: 'removingPhoto',
          actions: 'clearUploadError',
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({
          userId: context.userId,
          patch: { displayName: context.displayName.trim() },
        }),
        onDone: {
          target: 'ready',
          actions: ['setInfo', { type: 'notify', params: { level: 'success', id: 'profile.info.saved' } }],
        },
        onError: {
          target: 'ready',
          actions: { type: 'notify', params: { level: 'error', id: 'profile.errors.save' } },
        },
      },
    },
    uploading: {
      invoke: {
        id: 'uploadPhoto',
        src: 'uploadPhoto',
        input: ({ context, event }) => ({
          userId: context.userId,
          file: (event as Extract<ProfileEvent, { type: 'profile.photo' }>).file,
        }),
        // The name being typed is kept: only the photo changed.
        onDone: {
          target: 'ready',
          actions: [
            assign(({ event }) => ({ info: event.output, uploadError: null })),
            { type: 'notify', params: { level: 'success', id: 'profile.info.photoSaved' } },
          ],
        },
        onError: { target: 'ready', actions: 'setUploadError' },
      },
    },
    removingPhoto: {
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({ userId: context.userId, patch: { photoURL: null } }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ info: event.output })) },
        onError: {
          target: 'ready',
          actions: { type: 'notify', params: { level: 'error', id: 'profile.errors.save' } },
        },
      },
    },
  },
})
