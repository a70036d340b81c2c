// The automated-marketing editor (issue 20, /pages/marketing/{birthday,lost,new-customer}/:id): loads
// the automation with its figures, edits the form (message with the SMS rules, coupon, filters,
// timing), validates with the campaign editor's §5 rules (shown once a save was tried, then following
// the typing), saves (never sends: the daily run does), switches it on or off, resets the form to its
// type's defaults (§4), and asks before leaving with unsaved changes.
import { assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import {
  type AudienceField,
  type AudienceList,
  EMPTY_AUDIENCE,
  setAudienceField,
  toggleAudienceValue,
} from '../../src/domain/audience-filters'
import {
  type AutomationForm,
  type AutomationFormErrors,
  type AutomationTextField,
  formErrors,
  formOf,
  isSameForm,
  resetForm,
} from '../../src/domain/automation-draft'
import type { Automation, AutomationDetail, AutomationType } from '../../src/domain/automations'
import type { Channel } from '../../src/domain/campaigns'
import type { Locale } from '../../src/domain/locale'
import { loadAutomation, saveAutomation } from './automation-editor.actors'

export type AutomationEditorInput = {
  id: string
  userId: string
  /** The type the route names (the form resets to it). */
  type: AutomationType
  /** The franchise's SMS opt-out mention (counted in an SMS). */
  optOut: string
  /** The franchise's language (domain/locale.ts franchiseLocale): a reset's texts are in it. */
  locale?: Locale
  stores: readonly { id: string; name: string }[]
}
export type SaveAutomationInput = { userId: string; automation: Automation; form: AutomationForm }

export type AutomationEditorContext = Omit<AutomationEditorInput, 'stores'> & {
  stores: { id: string; name: string }[]
  detail: AutomationDetail | null
  form: AutomationForm
  /** The form as last loaded or saved: a difference is an unsaved change. */
  saved: AutomationForm
  errors: AutomationFormErrors
  showErrors: boolean
  /** A message id for the whole form. */
  formError: string | null
  notice: string | null
}

export type AutomationEditorEvent =
  | { type: 'automation.change'; field: AutomationTextField; value: string }
  | { type: 'automation.channel'; channel: Channel }
  | { type: 'automation.toggleStore'; storeId: string }
  /** An audience filter typed or chosen (the campaign editor's fields). */
  | { type: 'automation.filter'; field: AudienceField; value: string }
  /** A value of a filter's list (client types, sources) ticked or unticked. */
  | { type: 'automation.toggleFilter'; field: AudienceList; value: string }
  | { type: 'automation.toggleActive' }
  | { type: 'automation.reset' }
  | { type: 'automation.submit' }
  | { type: 'automation.leave'; to: string }
  | { type: 'automation.confirmLeave' }
  | { type: 'automation.stay' }
  | { type: 'automation.retry' }

const outputOf = <T>(event: unknown) => (event as { output: T }).output
const errorOf = (event: unknown) => (event as { error?: ApiError }).error
const check = (c: Pick<AutomationEditorContext, 'form' | 'type' | 'optOut'>) =>
  formErrors(c.form, c.type, c.optOut)

export const automationEditorMachine = setup({
  types: {
    input: {} as AutomationEditorInput,
    context: {} as AutomationEditorContext & { leaveTo: string | null },
    events: {} as AutomationEditorEvent,
  },
  actors: {
    loadAutomation,
    saveAutomation,
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(check(context)).length === 0,
    hasUnsavedChanges: ({ context }) => !isSameForm(context.form, context.saved),
    isKnownStore: ({ context, event }) =>
      event.type === 'automation.toggleStore' && context.stores.some((s) => s.id === event.storeId),
  },
  actions: {
    setLoaded: assign(({ event }) => {
      const detail = outputOf<AutomationDetail>(event)
      const form = formOf(detail.automation)
      return { detail, form, saved: form, errors: {}, showErrors: false, formError: null }
    }),
    setLoadFailed: assign({ formError: 'automatedMarketing.errors.load' }),
    edit: assign(({ context, event }) => {
      let form = context.form
      if (event.type === 'automation.change') form = { ...form, [event.field]: event.value }
      else if (event.type === 'automation.channel') form = { ...form, channel: event.channel }
      else if (event.type === 'automation.toggleActive') form = { ...form, isActive: !form.isActive }
      else if (event.type === 'automation.filter')
        form = { ...form, filters: setAudienceField(form.filters, event.field, event.value) }
      else if (event.type === 'automation.toggleFilter')
        form = { ...form, filters: toggleAudienceValue(form.filters, event.field, event.value) }
      else if (event.type === 'automation.toggleStore') {
        const has = form.storeIds.includes(event.storeId)
        form = {
          ...form,
          storeIds: has
            ? form.storeIds.filter((s) => s !== event.storeId)
            : [...form.storeIds, event.storeId],
        }
      } else if (event.type === 'automation.reset')
        form = { ...resetForm(context.type, context.locale), isActive: form.isActive }
      const errors = context.showErrors ? formErrors(form, context.type, context.optOut) : {}
      return { form, errors, notice: null }
    }),
    showErrors: assign({ errors: ({ context }) => check(context), showErrors: true }),
    setSaved: assign(({ context, event }) => {
      const automation = outputOf<Automation>(event)
      const form = formOf(automation)
      return {
        detail: context.detail ? { ...context.detail, automation } : null,
        form,
        saved: form,
        errors: {},
        showErrors: false,
        formError: null,
        notice: 'automatedMarketing.saved',
      }
    }),
    setSaveFailed: assign(({ context, event }) => {
      const e = errorOf(event)
      const field = e?.status === 400 ? e.field?.split('.').at(-1) : undefined
      if (field && field in context.form && field !== 'filters')
        return { errors: { ...context.errors, [field]: 'refused' }, formError: null }
      if (field && field in EMPTY_AUDIENCE) {
        const filters = { ...context.errors.filters, [field]: 'refused' }
        return { errors: { ...context.errors, filters }, formError: null }
      }
      return { formError: 'automatedMarketing.errors.save' }
    }),
    rememberLeave: assign({ leaveTo: ({ event }) => (event.type === 'automation.leave' ? event.to : null) }),
    leavePage: (_, _p: { to: string | null }) => {},
  },
}).createMachine({
  id: 'automationEditor',
  context: ({ input }) => ({
    ...input,
    stores: [...input.stores],
    detail: null,
    form: resetForm(input.type, input.locale),
    saved: resetForm(input.type, input.locale),
    errors: {},
    showErrors: false,
    formError: null,
    notice: null,
    leaveTo: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAutomation',
        src: 'loadAutomation',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'editing', actions: 'setLoaded' },
        onError: { target: 'loadFailed', actions: 'setLoadFailed' },
      },
    },
    loadFailed: { on: { 'automation.retry': 'loading' } },
    editing: {
      on: {
        'automation.change': { actions: 'edit' },
        'automation.channel': { actions: 'edit' },
        'automation.toggleActive': { actions: 'edit' },
        'automation.filter': { actions: 'edit' },
        'automation.toggleFilter': { actions: 'edit' },
        'automation.reset': { actions: 'edit' },
        'automation.toggleStore': { guard: 'isKnownStore', actions: 'edit' },
        'automation.submit': [{ guard: 'isFormValid', target: 'saving' }, { actions: 'showErrors' }],
        'automation.leave': [
          { guard: 'hasUnsavedChanges', target: 'confirmingLeave', actions: 'rememberLeave' },
          { target: 'left', actions: 'rememberLeave' },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveAutomation',
        src: 'saveAutomation',
        input: ({ context }) => ({
          userId: context.userId,
          automation: context.detail!.automation,
          form: context.form,
        }),
        onDone: { target: 'editing', actions: 'setSaved' },
        onError: { target: 'editing', actions: 'setSaveFailed' },
      },
    },
    confirmingLeave: {
      on: { 'automation.confirmLeave': 'left', 'automation.stay': 'editing' },
    },
    left: {
      type: 'final',
      entry: { type: 'leavePage', params: ({ context }) => ({ to: context.leaveTo }) },
    },
  },
})
