// The franchise page's points expiry section (issue 23): the setting loaded, edited as a draft (mode,
// months, the reminder's channel and text) with the domain's checks (domain/expiry-reminder.ts expiryErrors,
// the campaign editor's SMS rules), saved whole. A store owner reads it only.
import { assign, fromPromise, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import {
  type ExpiryDraft,
  type ExpirySettingsBody,
  type ExpirySettingsResponse,
  expiryBodyOf,
  expiryDraftOf,
  sameExpiry,
} from '../../src/domain/expiry'
import { expiryErrors } from '../../src/domain/expiry-reminder'

export type ExpirySettingsInput = { franchiseId: string; countryAlpha3: string }
export type SaveExpiryInput = { franchiseId: string; body: ExpirySettingsBody }
export type ExpirySettingsContext = ExpirySettingsInput & {
  saved: ExpirySettingsResponse | null
  draft: ExpiryDraft
  /** The field a refused save named (`reminder.message` …), shown until the next change. */
  refused: { field: string; reason: string } | null
}
export type ExpirySettingsEvent =
  | { type: 'expiry.retry' }
  | { type: 'expiry.change'; changes: Partial<ExpiryDraft> }
  | { type: 'expiry.save' }
  | { type: 'expiry.reset' }

const out = (event: unknown) => (event as { output: ExpirySettingsResponse }).output
const EMPTY: ExpiryDraft = {
  mode: 'OFF',
  months: '12',
  reminderEnabled: false,
  channel: 'SMS',
  title: '',
  message: '',
}

export const expirySettingsMachine = setup({
  types: {
    input: {} as ExpirySettingsInput,
    context: {} as ExpirySettingsContext,
    events: {} as ExpirySettingsEvent,
  },
  actors: {
    loadSettings: fromPromise<ExpirySettingsResponse, { franchiseId: string }>(async () => {
      throw new Error('loadSettings not provided')
    }),
    saveSettings: fromPromise<ExpirySettingsResponse, SaveExpiryInput>(async () => {
      throw new Error('saveSettings not provided')
    }),
  },
  guards: {
    canEdit: ({ context }) => context.saved?.canEdit === true,
    canSave: ({ context }) =>
      context.saved?.canEdit === true &&
      Object.keys(expiryErrors(context.draft, context.countryAlpha3)).length === 0 &&
      !sameExpiry(context.draft, expiryDraftOf(context.saved)),
    isRefused: ({ event }) => {
      const e = (event as { error?: ApiError }).error
      return e?.status === 400 && typeof e.field === 'string'
    },
  },
  actions: {
    /** Provided by the app: a toast (§8 message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    adopt: assign(({ event }) => ({ saved: out(event), draft: expiryDraftOf(out(event)), refused: null })),
    edit: assign(({ context, event }) =>
      event.type === 'expiry.change' ? { draft: { ...context.draft, ...event.changes }, refused: null } : {},
    ),
    reset: assign(({ context }) =>
      context.saved ? { draft: expiryDraftOf(context.saved), refused: null } : {},
    ),
    setRefused: assign(({ event }) => {
      const e = (event as unknown as { error: ApiError }).error
      return { refused: { field: e.field!, reason: String(e.details?.reason ?? 'invalid') } }
    }),
  },
}).createMachine({
  id: 'expirySettings',
  context: ({ input }) => ({ ...input, saved: null, draft: EMPTY, refused: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        input: ({ context }) => ({ franchiseId: context.franchiseId }),
        onDone: { target: 'idle', actions: 'adopt' },
        onError: 'failed',
      },
    },
    failed: { on: { 'expiry.retry': 'loading' } },
    idle: {
      on: {
        'expiry.change': { guard: 'canEdit', actions: 'edit' },
        'expiry.reset': { actions: 'reset' },
        'expiry.save': { guard: 'canSave', target: 'saving' },
      },
    },
    saving: {
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({ franchiseId: context.franchiseId, body: expiryBodyOf(context.draft) }),
        onDone: {
          target: 'idle',
          actions: ['adopt', { type: 'notify', params: { level: 'success', id: 'expiry.settings.saved' } }],
        },
        onError: [
          { guard: 'isRefused', target: 'idle', actions: 'setRefused' },
          { target: 'idle', actions: { type: 'notify', params: { level: 'error', id: 'errors.generic' } } },
        ],
      },
    },
  },
})
