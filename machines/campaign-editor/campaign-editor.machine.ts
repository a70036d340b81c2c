// The campaign editor (/pages/campaign/new and /pages/campaign/:id/edit; SPEC §2, §3-§5 Campaign, §8, §9;
// issue 19). It loads the franchise's sender id (and the campaign, for an edit: a failure says not-found
// or the generic error and goes back one page), then edits in four parallel regions:
// - step: target → content → date → preview; "next" only from a valid step (its errors shown after a
//   first try), "back" and the step list to any earlier step, the draft kept as typed. The preview
//   opens the §4 validation dialog (open, loading, hasBeenSaved): upload a new image, create or update,
//   send when not scheduled (never for an edit of a sent campaign), then history with the §8 message.
// - audience: the count and price of the target, asked AUDIENCE_DEBOUNCE after the last change of the
//   channel or a filter, only the latest answer applied, its own failure and retry; "no user found".
// - leave: leaving with unsaved changes asks first.
// - unsaved: while dirty, leaving is guarded (guardLeaving): the browser's own warning on a reload or a
//   closed tab, and a link of the app asks the leave confirmation first.
import { assign, not, raise, setup, stateIn } from 'xstate'
import type { ApiError } from '../../src/api/client'
import type { Campaign } from '../../src/domain/campaign-contract'
import {
  draftOf,
  type EditorStep,
  EMPTY_DRAFT,
  filterFormErrors,
  newDraft,
  type QuietDays,
  smsReadiness,
} from '../../src/domain/campaign-draft'
import { todayIn } from '../../src/domain/today'
import {
  countAudience,
  guardLeaving,
  loadEditor,
  saveCampaign,
  sendCampaign,
  uploadImage,
} from './campaign-editor.actors'
import { isSmsOverOne, saveMessage, stepErrors, stepIndex } from './campaign-editor.rules'
import {
  AUDIENCE_DEBOUNCE_MS,
  type CampaignEditorContext,
  type CampaignEditorEvent,
  type CampaignEditorInput,
  type CountAudienceOutput,
  type LoadEditorOutput,
} from './campaign-editor.types'
import { editDraft, saveBody } from './draft-edits'

export { stepErrors } from './campaign-editor.rules'
export * from './campaign-editor.types'

const errorOf = (event: unknown) => (event as { error?: ApiError }).error
const outputOf = <T>(event: unknown) => (event as { output: T }).output
const has = (errors: object) => Object.keys(errors).length > 0
const NO_QUIET_DAYS: QuietDays = { smsQuietDays: false, publicHolidays: [] }

export const campaignEditorMachine = setup({
  types: {
    input: {} as CampaignEditorInput,
    context: {} as CampaignEditorContext,
    events: {} as CampaignEditorEvent,
  },
  // The real calls (src/api) and the browser's leave guard; tests and stories provide fakes.
  actors: { loadEditor, countAudience, uploadImage, saveCampaign, sendCampaign, guardLeaving },
  delays: { AUDIENCE_DEBOUNCE: AUDIENCE_DEBOUNCE_MS },
  guards: {
    isTargetValid: ({ context }) => !has(stepErrors(context, 'target')),
    isContentValid: ({ context }) => !has(stepErrors(context, 'content')),
    isDateValid: ({ context }) => !has(stepErrors(context, 'date')),
    /** §5, §9: one SMS per message; "next" has nothing to do until the text fits (the view disables it). */
    isSmsTooLong: ({ context }) => isSmsOverOne(context),
    /** §6: an SMS campaign goes nowhere without the subscription and a valid sender id. */
    canUseChannel: ({ context }) =>
      context.draft.channel !== 'SMS' || smsReadiness(context.isSubscribed, context.senderId) === 'ready',
    isEarlierStep: ({ event }, p: { than: EditorStep }) =>
      event.type === 'editor.goTo' && stepIndex(event.step) < stepIndex(p.than),
    isGoTo: ({ event }, p: { step: EditorStep }) => event.type === 'editor.goTo' && event.step === p.step,
    hasFilterErrors: ({ context }) => has(filterFormErrors(context.draft.filters)),
    isLatestAudience: ({ context, event }) =>
      outputOf<CountAudienceOutput>(event).requestId === context.audienceRequest,
    isNoUser: ({ event }) => outputOf<CountAudienceOutput>(event).cost === null,
    needsUpload: ({ context }) =>
      context.draft.channel === 'PUSH' &&
      !!context.draft.image &&
      'file' in context.draft.image &&
      !context.imageUrl,
    /** Sent now: a new campaign, or an edit of one not sent yet and not scheduled (§4). */
    needsSend: ({ context }) => context.draft.schedule.mode === 'now' && !(context.original?.isSent ?? false),
    isDirty: stateIn({ editing: { unsaved: 'dirty' } }),
    isLoadNotFound: ({ event }) => errorOf(event)?.status === 404,
  },
  actions: {
    /** Provided by the app: a toast (message id). */
    notify: (_, _p: { level: 'success' | 'error'; id: string }) => {},
    /** Provided by the app: back one page (§2, §8: a failed load). */
    goBack: () => {},
    /** Provided by the app: the campaign history (§2: after a save). */
    goToHistory: () => {},
    /** Provided by the app: leaves the editor, to `to` (a link followed) or the page it came from. */
    leavePage: (_, _p: { to: string | null }) => {},
    setLeaveTo: assign({
      leaveTo: ({ event }) => (event.type === 'editor.leave' ? (event.to ?? null) : null),
    }),
    adoptLoaded: assign(({ context, event }) => {
      const { publicUrl, senderId, campaign, news, quiet } = outputOf<LoadEditorOutput>(event)
      // A news item to create runs from the franchise's today: the content step is valid as it comes.
      const today = todayIn(context.timezone, context.now())
      return {
        publicUrl: publicUrl ?? '',
        senderId,
        newsChoices: news,
        quiet: quiet ?? NO_QUIET_DAYS,
        original: campaign,
        draft: campaign ? draftOf(campaign, context.timezone, today) : newDraft(today),
        imageUrl: campaign?.communicationCampaign.notification.imageUrl ?? null,
      }
    }),
    edit: assign(({ context, event }) => {
      const draft = editDraft(context.draft, event, todayIn(context.timezone, context.now()))
      if (draft === context.draft) return {}
      // A new image file replaces the uploaded one; removing it clears it.
      const imageUrl =
        event.type === 'editor.image' || event.type === 'editor.imageRemove' ? null : context.imageUrl
      return { draft, imageUrl, saveError: null }
    }),
    showErrors: assign({
      shown: ({ context }, p: { step: EditorStep }) =>
        context.shown.includes(p.step) ? context.shown : [...context.shown, p.step],
    }),
    nextAudienceRequest: assign({ audienceRequest: ({ context }) => context.audienceRequest + 1 }),
    setAudience: assign({ audience: ({ event }) => outputOf<CountAudienceOutput>(event).cost }),
    clearAudience: assign({ audience: null }),
    setImageUrl: assign({ imageUrl: ({ event }) => outputOf<{ url: string }>(event).url }),
    setSaveError: assign({ saveError: ({ context, event }) => saveMessage(context, errorOf(event)) }),
    setUploadError: assign({ saveError: 'communication.errors.upload' }),
    clearSaveError: assign({ saveError: null }),
    setSaved: assign({ saved: ({ event }) => outputOf<Campaign>(event) }),
    audienceChanged: raise({ type: 'audience.changed' }),
    draftChanged: raise({ type: 'draft.changed' }),
    draftSaved: raise({ type: 'draft.saved' }),
  },
}).createMachine({
  id: 'campaignEditor',
  context: ({ input }) => ({
    franchiseId: input.franchiseId,
    userId: input.userId,
    campaignId: input.campaignId,
    timezone: input.timezone,
    currencyCode: input.currencyCode,
    countryAlpha3: input.countryAlpha3,
    publicUrl: '',
    isSubscribed: input.isSubscribed,
    stores: [...input.stores],
    now: input.now ?? (() => new Date()),
    senderId: null,
    original: null,
    draft: EMPTY_DRAFT,
    shown: [],
    audience: null,
    audienceRequest: 0,
    imageUrl: null,
    saveError: null,
    saved: null,
    leaveTo: null,
    newsChoices: [],
    quiet: NO_QUIET_DAYS,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEditor',
        src: 'loadEditor',
        input: ({ context }) => ({ franchiseId: context.franchiseId, campaignId: context.campaignId }),
        onDone: { target: 'editing', actions: 'adoptLoaded' },
        onError: [
          {
            guard: 'isLoadNotFound',
            target: 'failed',
            actions: [
              { type: 'notify', params: { level: 'error', id: 'communication.errors.notFound' } },
              'goBack',
            ],
          },
          {
            target: 'failed',
            actions: [{ type: 'notify', params: { level: 'error', id: 'errors.generic' } }, 'goBack'],
          },
        ],
      },
    },
    // The page is going back (§8): nothing more happens here.
    failed: { type: 'final' },
    editing: {
      type: 'parallel',
      on: {
        'editor.name': { actions: ['edit', 'draftChanged'] },
        'editor.channel': { actions: ['edit', 'draftChanged', 'audienceChanged'] },
        'editor.filter': { actions: ['edit', 'draftChanged', 'audienceChanged'] },
        'editor.toggle': { actions: ['edit', 'draftChanged', 'audienceChanged'] },
        'editor.content': { actions: ['edit', 'draftChanged'] },
        'editor.coupon': { actions: ['edit', 'draftChanged'] },
        'editor.text': { actions: ['edit', 'draftChanged'] },
        'editor.image': { actions: ['edit', 'draftChanged'] },
        'editor.imageRemove': { actions: ['edit', 'draftChanged'] },
        'editor.schedule': { actions: ['edit', 'draftChanged'] },
        'editor.news': { actions: ['edit', 'draftChanged'] },
      },
      states: {
        step: {
          initial: 'target',
          states: {
            target: {
              on: {
                'editor.next': [
                  // §6: nothing to do while the channel cannot go out (the page says what it lacks
                  // and how to fix it, and "next" is disabled: the view asks can()).
                  { guard: not('canUseChannel') },
                  { guard: 'isTargetValid', target: 'content' },
                  { actions: { type: 'showErrors', params: { step: 'target' } } },
                ],
              },
            },
            content: {
              on: {
                'editor.next': [
                  { guard: 'isContentValid', target: 'date' },
                  {
                    guard: not('isSmsTooLong'),
                    actions: { type: 'showErrors', params: { step: 'content' } },
                  },
                ],
                'editor.back': 'target',
                'editor.goTo': {
                  guard: { type: 'isEarlierStep', params: { than: 'content' } },
                  target: 'target',
                },
              },
            },
            date: {
              on: {
                'editor.next': [
                  { guard: 'isDateValid', target: 'preview' },
                  { actions: { type: 'showErrors', params: { step: 'date' } } },
                ],
                'editor.back': 'content',
                'editor.goTo': [
                  { guard: { type: 'isGoTo', params: { step: 'target' } }, target: 'target' },
                  { guard: { type: 'isGoTo', params: { step: 'content' } }, target: 'content' },
                ],
              },
            },
            preview: {
              initial: 'reviewing',
              states: {
                reviewing: {
                  on: {
                    'editor.validate': { target: 'confirming', actions: 'clearSaveError' },
                    'editor.back': '#campaignEditor.editing.step.date',
                    'editor.goTo': [
                      {
                        guard: { type: 'isGoTo', params: { step: 'target' } },
                        target: '#campaignEditor.editing.step.target',
                      },
                      {
                        guard: { type: 'isGoTo', params: { step: 'content' } },
                        target: '#campaignEditor.editing.step.content',
                      },
                      {
                        guard: { type: 'isGoTo', params: { step: 'date' } },
                        target: '#campaignEditor.editing.step.date',
                      },
                    ],
                  },
                },
                // The validation dialog is open (§4).
                confirming: {
                  on: {
                    // The rules are checked again: a scheduled hour may have passed since.
                    'editor.confirm': [
                      {
                        guard: not('isDateValid'),
                        target: '#campaignEditor.editing.step.date',
                        actions: { type: 'showErrors', params: { step: 'date' } },
                      },
                      { guard: 'needsUpload', target: 'uploading' },
                      { target: 'saving' },
                    ],
                    'editor.cancel': 'reviewing',
                  },
                },
                uploading: {
                  invoke: {
                    id: 'uploadImage',
                    src: 'uploadImage',
                    input: ({ context }) => {
                      const image = context.draft.image
                      return { file: (image && 'file' in image ? image.file : null) as File }
                    },
                    onDone: { target: 'saving', actions: 'setImageUrl' },
                    onError: { target: 'confirming', actions: 'setUploadError' },
                  },
                },
                saving: {
                  invoke: {
                    id: 'saveCampaign',
                    src: 'saveCampaign',
                    input: ({ context }) => saveBody(context),
                    onDone: [
                      { guard: 'needsSend', target: 'sending', actions: 'setSaved' },
                      { target: 'saved', actions: 'setSaved' },
                    ],
                    onError: { target: 'confirming', actions: 'setSaveError' },
                  },
                },
                sending: {
                  invoke: {
                    id: 'sendCampaign',
                    src: 'sendCampaign',
                    input: ({ context }) => ({
                      franchiseId: context.franchiseId,
                      campaignId: context.saved!.id,
                    }),
                    onDone: { target: 'saved', actions: 'setSaved' },
                    // Saved but not sent: the history shows it as it is; the merchant is told.
                    onError: {
                      target: 'saved',
                      actions: {
                        type: 'notify',
                        params: { level: 'error', id: 'communication.errors.send' },
                      },
                    },
                  },
                },
                // hasBeenSaved: the history opens with the §8 message.
                saved: {
                  type: 'final',
                  entry: [
                    {
                      type: 'notify',
                      params: ({ context }) => ({
                        level: 'success' as const,
                        id: context.campaignId
                          ? 'communication.success.edit'
                          : 'communication.success.create',
                      }),
                    },
                    'draftSaved',
                    'goToHistory',
                  ],
                },
              },
            },
          },
        },
        audience: {
          initial: 'checking',
          on: { 'audience.changed': { target: '.checking', reenter: true } },
          states: {
            checking: {
              always: [
                { guard: 'hasFilterErrors', target: 'invalid', actions: 'clearAudience' },
                { target: 'debouncing' },
              ],
            },
            // A filter is wrong: nothing is asked until it is fixed.
            invalid: {},
            debouncing: { after: { AUDIENCE_DEBOUNCE: 'counting' } },
            counting: {
              entry: 'nextAudienceRequest',
              invoke: {
                id: 'countAudience',
                src: 'countAudience',
                input: ({ context }) => ({
                  franchiseId: context.franchiseId,
                  body: {
                    channel: context.draft.channel,
                    campaignFilters: saveBody(context).body.communicationCampaign.campaignFilters,
                  },
                  requestId: context.audienceRequest,
                }),
                onDone: [
                  { guard: not('isLatestAudience') },
                  { guard: 'isNoUser', target: 'empty', actions: 'setAudience' },
                  { target: 'ready', actions: 'setAudience' },
                ],
                onError: { target: 'failed', actions: 'clearAudience' },
              },
            },
            ready: {},
            // §8 "no user found with these filters".
            empty: {},
            failed: { on: { 'editor.retryAudience': 'counting' } },
          },
        },
        leave: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'editor.leave': [
                  { guard: 'isDirty', target: 'confirming', actions: 'setLeaveTo' },
                  {
                    actions: {
                      type: 'leavePage',
                      params: ({ event }) => ({
                        to: event.type === 'editor.leave' ? (event.to ?? null) : null,
                      }),
                    },
                  },
                ],
              },
            },
            confirming: {
              on: {
                'editor.leaveConfirm': {
                  target: 'idle',
                  actions: { type: 'leavePage', params: ({ context }) => ({ to: context.leaveTo }) },
                },
                'editor.leaveCancel': 'idle',
              },
            },
          },
        },
        unsaved: {
          initial: 'clean',
          states: {
            clean: { on: { 'draft.changed': 'dirty' } },
            dirty: {
              invoke: { id: 'guardLeaving', src: 'guardLeaving' },
              on: { 'draft.saved': 'clean' },
            },
          },
        },
      },
    },
  },
})
