// A client's answers to the registration form, on the client detail (issue 21): the active merchant
// fields and the client's values, edited in a dialog with the same §5 rules as the builder and the
// landing page (domain/crm.ts valueError). Errors show once a save was tried and follow the typing
// after; a 400 from the server names its field (crmValues.<localId>) and shows there.
import { assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import { type CrmField, type CrmValueError, valueError } from '../../src/domain/crm'
import type { CrmClientValues } from '../../src/domain/crm-clients'
import { loadValues, saveValues } from './client-crm.actors'

export type ClientCrmInput = { franchiseId: string; clientId: string }
export type SaveValuesInput = ClientCrmInput & { values: Record<string, string> }

export type ClientCrmContext = ClientCrmInput & {
  fields: CrmField[]
  values: Record<string, string>
  draft: Record<string, string>
  /** Message ids by local id, shown once a save was tried. */
  errors: Record<string, string>
  formError: string | null
}

export type ClientCrmEvent =
  | { type: 'values.retry' }
  | { type: 'values.edit' }
  | { type: 'values.change'; localId: string; value: string }
  | { type: 'values.submit' }
  | { type: 'values.cancel' }

const errorOf = (event: unknown) => (event as { error?: ApiError }).error
const outputOf = <T>(event: unknown) => (event as { output: T }).output

/** What is wrong with the draft, by local id (message ids of domain/crm.ts). */
export function draftErrors(fields: readonly CrmField[], draft: Record<string, string>) {
  const errors: Record<string, CrmValueError> = {}
  for (const f of fields) {
    const e = valueError(f, draft[f.localId])
    if (e) errors[f.localId] = e
  }
  return errors
}

export const clientCrmMachine = setup({
  types: { input: {} as ClientCrmInput, context: {} as ClientCrmContext, events: {} as ClientCrmEvent },
  actors: {
    loadValues,
    saveValues,
  },
  guards: {
    hasFields: ({ context }) => context.fields.length > 0,
    isDraftValid: ({ context }) => Object.keys(draftErrors(context.fields, context.draft)).length === 0,
    isFieldRefused: ({ context, event }) => {
      const field = errorOf(event)?.field
      return errorOf(event)?.status === 400 && context.fields.some((f) => `crmValues.${f.localId}` === field)
    },
  },
  actions: {
    /** Provided by the app: a toast. */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    setLoaded: assign(({ event }) => {
      const answer = outputOf<CrmClientValues>(event)
      return { fields: [...answer.fields], values: { ...answer.values } }
    }),
    openDraft: assign(({ context }) => ({
      draft: Object.fromEntries(context.fields.map((f) => [f.localId, context.values[f.localId] ?? ''])),
      errors: {},
      formError: null,
    })),
    change: assign(({ context, event }) => {
      if (event.type !== 'values.change' || !context.fields.some((f) => f.localId === event.localId))
        return {}
      const draft = { ...context.draft, [event.localId]: event.value }
      const shown = Object.keys(context.errors).length > 0
      return { draft, errors: shown ? draftErrors(context.fields, draft) : {}, formError: null }
    }),
    showErrors: assign({ errors: ({ context }) => draftErrors(context.fields, context.draft) }),
    setRefusal: assign(({ context, event }) => {
      const e = errorOf(event)!
      const rule = typeof e.details?.rule === 'string' ? e.details.rule : 'crm.values.error'
      return { errors: { ...context.errors, [e.field!.slice('crmValues.'.length)]: rule } }
    }),
    setFailure: assign({ formError: 'crm.values.error' }),
  },
}).createMachine({
  id: 'clientCrm',
  context: ({ input }) => ({ ...input, fields: [], values: {}, draft: {}, errors: {}, formError: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadValues',
        src: 'loadValues',
        input: ({ context }) => ({ franchiseId: context.franchiseId, clientId: context.clientId }),
        onDone: { target: 'viewing', actions: 'setLoaded' },
        onError: 'failed',
      },
    },
    failed: { on: { 'values.retry': 'loading' } },
    viewing: { on: { 'values.edit': { guard: 'hasFields', target: 'editing', actions: 'openDraft' } } },
    editing: {
      on: {
        'values.change': { actions: 'change' },
        'values.submit': [{ guard: 'isDraftValid', target: 'saving' }, { actions: 'showErrors' }],
        'values.cancel': 'viewing',
      },
    },
    saving: {
      invoke: {
        id: 'saveValues',
        src: 'saveValues',
        input: ({ context }) => ({
          franchiseId: context.franchiseId,
          clientId: context.clientId,
          values: context.draft,
        }),
        onDone: {
          target: 'viewing',
          actions: ['setLoaded', { type: 'notify', params: { level: 'success', id: 'crm.values.success' } }],
        },
        onError: [
          { guard: 'isFieldRefused', target: 'editing', actions: 'setRefusal' },
          { target: 'editing', actions: 'setFailure' },
        ],
      },
    },
  },
})
