// The franchise page's points expiry section (issue 23): the setting loaded, edited as a draft (mode,
// months, the reminder's channel and text) with the domain's checks (domain/expiry-reminder.ts expiryErrors,
// the campaign editor's SMS rules), saved whole. A store owner reads it only.
// Issue 34: the draft's preview (the next night run, what it expires and reminds, the clients past
// the delay) follows each change of mode, months or reminder; saving a change of those asks the owner
// to confirm with the preview's figures, so a save is never possible without them.
import { and, assign, not, setup, stateIn } from 'xstate'
import type { ApiError } from '../../src/api/client'
import {
  changesExpiryRule,
  type ExpiryDraft,
  type ExpiryPreview,
  type ExpirySettingsBody,
  type ExpirySettingsResponse,
  expiryBodyOf,
  expiryDraftOf,
  previewQueryOf,
  sameExpiry,
} from '../../src/domain/expiry'
import { expiryErrors } from '../../src/domain/expiry-reminder'
import { loadSettings, previewExpiry, saveSettings } from './expiry-settings.actors'

export type ExpirySettingsInput = { franchiseId: string; countryAlpha3: string }
export type SaveExpiryInput = { franchiseId: string; body: ExpirySettingsBody }
export type PreviewExpiryInput = { franchiseId: string; query: ReturnType<typeof previewQueryOf> }
export type ExpirySettingsContext = ExpirySettingsInput & {
  saved: ExpirySettingsResponse | null
  draft: ExpiryDraft
  /** What the draft would do (the last preview answered for it); null before the first. */
  preview: ExpiryPreview | null
  /** The field a refused save named (`reminder.message` …), shown until the next change. */
  refused: { field: string; reason: string } | null
}
export type ExpirySettingsEvent =
  | { type: 'expiry.retry' }
  | { type: 'expiry.change'; changes: Partial<ExpiryDraft> }
  | { type: 'expiry.save' }
  | { type: 'expiry.confirm' }
  | { type: 'expiry.cancel' }
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
  // The real calls (src/api); tests and stories provide fakes.
  actors: { loadSettings, saveSettings, previewExpiry },

  delays: {
    /** Typing months asks one preview once the owner pauses. */
    PREVIEW_DEBOUNCE: 400,
  },
  guards: {
    canEdit: ({ context }) => context.saved?.canEdit === true,
    canSave: ({ context }) =>
      context.saved?.canEdit === true &&
      Object.keys(expiryErrors(context.draft, context.countryAlpha3)).length === 0 &&
      !sameExpiry(context.draft, expiryDraftOf(context.saved)),
    isRuleChange: ({ context }) =>
      context.saved !== null && changesExpiryRule(context.draft, expiryDraftOf(context.saved)),
    /** The change touches what the preview depends on (mode, months, reminder on and its channel). */
    isPreviewChange: ({ context, event }) =>
      event.type === 'expiry.change' &&
      JSON.stringify(previewQueryOf({ ...context.draft, ...event.changes })) !==
        JSON.stringify(previewQueryOf(context.draft)),
    /** Only whole months from 1 to 60 can be previewed (the others are refused anyway). */
    hasPreviewableDraft: ({ context }) => !expiryErrors(context.draft, context.countryAlpha3).months,
    isRefused: ({ event }) => {
      const e = (event as { error?: ApiError }).error
      return e?.status === 400 && typeof e.field === 'string'
    },
  },
  actions: {
    /** Provided by the app: a toast (§8 message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    adopt: assign(({ event }) => ({ saved: out(event), draft: expiryDraftOf(out(event)), refused: null })),
    keepPreview: assign({ preview: ({ event }) => (event as unknown as { output: ExpiryPreview }).output }),
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
  context: ({ input }) => ({ ...input, saved: null, draft: EMPTY, preview: null, refused: null }),
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
      initial: 'settling',
      on: {
        'expiry.change': [
          { guard: and(['canEdit', 'isPreviewChange']), actions: 'edit', target: '.settling', reenter: true },
          { guard: 'canEdit', actions: 'edit' },
        ],
        'expiry.reset': { actions: 'reset', target: '.settling', reenter: true },
        'expiry.save': [
          {
            guard: and(['canSave', 'isRuleChange', stateIn('#expirySettings.idle.previewed')]),
            target: 'confirming',
          },
          { guard: and(['canSave', not('isRuleChange')]), target: 'saving' },
        ],
      },
      states: {
        settling: {
          after: {
            PREVIEW_DEBOUNCE: [
              { guard: 'hasPreviewableDraft', target: 'previewing' },
              { target: 'unpreviewable' },
            ],
          },
        },
        previewing: {
          invoke: {
            id: 'previewExpiry',
            src: 'previewExpiry',
            input: ({ context }) => ({
              franchiseId: context.franchiseId,
              query: previewQueryOf(context.draft),
            }),
            onDone: { target: 'previewed', actions: 'keepPreview' },
            onError: 'previewFailed',
          },
        },
        previewed: {},
        // Why a state: without figures a change of rule cannot be confirmed; a retry asks again.
        previewFailed: { on: { 'expiry.retry': 'previewing' } },
        // Why: months out of range are shown as an error; no figures until they are fixed.
        unpreviewable: {},
      },
    },
    // The owner reads the figures of the change and confirms it, or goes back to the draft.
    confirming: {
      on: {
        'expiry.confirm': 'saving',
        'expiry.cancel': 'idle.previewed',
      },
    },
    saving: {
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({ franchiseId: context.franchiseId, body: expiryBodyOf(context.draft) }),
        onDone: {
          // Back to a preview of what was saved: its next run and figures.
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
