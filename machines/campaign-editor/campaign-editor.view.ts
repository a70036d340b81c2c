import type { SnapshotFrom } from 'xstate'
import {
  draftSendMoment,
  EDITOR_STEPS,
  type EditorStep,
  filterFormErrors,
  PUSH_LIMITS,
  smsCheckOf,
  smsPreview,
  smsReadiness,
} from '../../src/domain/campaign-draft'
import { linkableNews } from '../../src/domain/campaign-news-draft'
import { SENDING_WINDOW } from '../../src/domain/campaigns'
import { optOutMention } from '../../src/domain/sms'
import { type campaignEditorMachine, stepErrors } from './campaign-editor.machine'

const STEP_STATES: Record<EditorStep, string> = {
  target: 'target',
  content: 'content',
  date: 'date',
  preview: 'preview',
}

/** What the editor page renders. */
export function toCampaignEditorView(s: SnapshotFrom<typeof campaignEditorMachine>) {
  const c = s.context
  const step =
    EDITOR_STEPS.find((k) => s.matches({ editing: { step: STEP_STATES[k] } } as never)) ??
    ('target' as EditorStep)
  const errorsOf = (k: EditorStep) => (c.shown.includes(k) ? stepErrors(c, k) : {})
  // What keeps the audience from being counted (hasFilterErrors) is marked on its field at once: the
  // audience panel's "fix the filters" always has a field to point at.
  const filterErrors = filterFormErrors(c.draft.filters)
  const optOut = optOutMention(c.countryAlpha3)
  const sms = smsCheckOf(c.draft, optOut, c.publicUrl)
  const at = (v: string) => s.matches({ editing: { step: { preview: v } } } as never)
  const isSaving = at('uploading') || at('saving') || at('sending')
  const audience = (['counting', 'debouncing', 'ready', 'empty', 'failed', 'invalid'] as const).find((k) =>
    s.matches({ editing: { audience: k } } as never),
  )
  const image = c.draft.image
  const canGoNext = s.can({ type: 'editor.next' })
  return {
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    isEdit: c.campaignId !== null,
    /** §4: an edit of a sent campaign keeps its start and is never sent again. */
    isSent: c.original?.isSent ?? false,
    step,
    stepIndex: EDITOR_STEPS.indexOf(step),
    draft: c.draft,
    stores: c.stores,
    /** The news items this campaign may link (its stores' or the franchise's; its own kept). */
    newsChoices: linkableNews(
      c.newsChoices,
      c.draft.filters.scope === 'stores' ? c.draft.filters.storeIds : [],
      c.original?.newsId ?? '',
    ),
    timezone: c.timezone,
    currencyCode: c.currencyCode,
    window: SENDING_WINDOW,
    /** When the campaign really goes out (the engine's rule), and why it waits if it does. */
    sendMoment: draftSendMoment(c.draft, {
      timezone: c.timezone,
      quiet: c.quiet,
      now: c.now(),
      isSent: c.original?.isSent ?? false,
    }),
    errors: {
      target: { ...filterErrors, ...errorsOf('target') },
      content: errorsOf('content'),
      date: errorsOf('date'),
    },
    /**
     * §6: what SMS lacks while the target step refuses "next" for it (the machine's canUseChannel,
     * asked through can()), so the page says how to fix it; 'ready' otherwise.
     */
    smsReadiness:
      s.matches({ editing: { step: 'target' } }) && !canGoNext
        ? smsReadiness(c.isSubscribed, c.senderId)
        : 'ready',
    senderId: c.senderId,
    sms,
    smsText: smsPreview(c.draft, optOut, c.publicUrl),
    pushLimits: PUSH_LIMITS,
    audience: {
      state: audience ?? 'invalid',
      isCounting: audience === 'counting' || audience === 'debouncing',
      isEmpty: audience === 'empty',
      isFailed: audience === 'failed',
      nbUsers: c.audience?.nbUsers ?? 0,
      totalPrice: c.audience?.totalPrice ?? 0,
      unitPrice: c.audience?.unitPrice ?? 0,
    },
    imagePreview: image ? ('url' in image ? image.url : image.preview) : null,
    dialog: {
      isOpen: at('confirming') || isSaving || at('saved'),
      isLoading: isSaving,
      hasBeenSaved: at('saved'),
      error: c.saveError,
    },
    /**
     * "Next" does something from here (the target step refuses it while the channel cannot go out, the
     * content step while the SMS is over one).
     */
    canGoNext,
    isLeaving: s.matches({ editing: { leave: 'confirming' } }),
    isDirty: s.matches({ editing: { unsaved: 'dirty' } }),
  }
}
export type CampaignEditorView = ReturnType<typeof toCampaignEditorView>
