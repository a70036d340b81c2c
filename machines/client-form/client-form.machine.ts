// One client's form in a dialog: create (from the list's search, §8 "no result found, you can create an
// account") or edit (the detail page's edit-user dialog). It is invoked by the client list and the client
// detail machines and ends with the saved client, or with nothing when cancelled. The §5 rules run on
// every change; a save's §8 errors (bad request, phone used, e-mail used, invalid phone) land on the
// fields where they belong.
import type { CountryCode } from 'libphonenumber-js'
import { assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import type { ClientDetail, ClientInput } from '../../src/domain/clients'
import {
  CLIENT_FORM_FIELDS,
  type ClientFormErrors,
  type ClientFormField,
  type ClientFormValues,
  errorsFromApi,
  toClientInput,
  validateClientForm,
} from './client-form'
import { saveClient } from './client-form.actors'

export type ClientFormMode = 'create' | 'edit'

export type ClientFormInput = {
  mode: ClientFormMode
  franchiseId: string
  /** The franchise's country: national phone numbers are read there. */
  country: CountryCode
  values: ClientFormValues
  /** The client being edited (edit mode). */
  clientId?: string | null
  /** A new client joins this store (the current store), so a store owner keeps seeing it. */
  storeId?: string | null
}

export type SaveClientInput = {
  mode: ClientFormMode
  franchiseId: string
  input: ClientInput & { id?: string }
}

export type ClientFormContext = {
  mode: ClientFormMode
  franchiseId: string
  country: CountryCode
  clientId: string | null
  storeId: string | null
  values: ClientFormValues
  touched: Partial<Record<ClientFormField, boolean>>
  /** The local rules, recomputed on every change. */
  errors: ClientFormErrors
  /** What the server said about a field; gone once that field changes. */
  serverErrors: ClientFormErrors
  /** A message id for the whole form. */
  error: string | null
  /** The client as the server saved it. */
  saved: ClientDetail | null
}

export type ClientFormEvent =
  | { type: 'form.change'; field: ClientFormField; value: string }
  | { type: 'form.blur'; field: ClientFormField }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }

export type ClientFormOutput = { client: ClientDetail | null }

const allTouched = Object.fromEntries(CLIENT_FORM_FIELDS.map((f) => [f, true])) as Record<
  ClientFormField,
  boolean
>

export const clientFormMachine = setup({
  types: {
    input: {} as ClientFormInput,
    context: {} as ClientFormContext,
    events: {} as ClientFormEvent,
    output: {} as ClientFormOutput,
  },
  actors: {
    saveClient,
  },
  guards: {
    isValid: ({ context }) =>
      Object.keys(context.errors).length === 0 && Object.keys(context.serverErrors).length === 0,
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {}
      const values = { ...context.values, [event.field]: event.value }
      const { [event.field]: _gone, ...serverErrors } = context.serverErrors
      return { values, errors: validateClientForm(values, context.country), serverErrors, error: null }
    }),
    touch: assign({
      touched: ({ context, event }) =>
        event.type === 'form.blur' ? { ...context.touched, [event.field]: true } : context.touched,
    }),
    touchAll: assign({ touched: allTouched }),
    showServerError: assign(({ context, event }) => {
      const { fields, error } = errorsFromApi((event as { error?: ApiError }).error, context.mode)
      return { serverErrors: fields, error }
    }),
  },
}).createMachine({
  id: 'clientForm',
  context: ({ input }) => ({
    mode: input.mode,
    franchiseId: input.franchiseId,
    country: input.country,
    clientId: input.clientId ?? null,
    storeId: input.storeId ?? null,
    values: input.values,
    touched: {},
    errors: validateClientForm(input.values, input.country),
    serverErrors: {},
    error: null,
    saved: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.change': { actions: 'setField' },
        'form.blur': { actions: 'touch' },
        'form.submit': [{ guard: 'isValid', target: 'saving' }, { actions: 'touchAll' }],
        'form.cancel': 'cancelled',
      },
    },
    saving: {
      entry: 'touchAll',
      invoke: {
        id: 'saveClient',
        src: 'saveClient',
        input: ({ context }) => ({
          mode: context.mode,
          franchiseId: context.franchiseId,
          input: {
            ...toClientInput(context.values, context.country),
            ...(context.mode === 'edit' && context.clientId ? { id: context.clientId } : {}),
            ...(context.mode === 'create' && context.storeId ? { storeId: context.storeId } : {}),
          },
        }),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: 'showServerError' },
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ client: context.saved }),
})
