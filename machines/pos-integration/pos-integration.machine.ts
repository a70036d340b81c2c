// The POS integration dialog of a store (SPEC §2 "POS integration dialog", §3 POS merchant account,
// §8 POS): load the store's account (NOT_FOUND is no error: an empty form offers to connect), edit and
// save it (updateSuccessfully / updateFailed), show the webhook address and secret (copy, regenerate
// after a confirmation), the webhook status and what the till posted (products, last orders).
import { assign, setup } from 'xstate'
import {
  accountToForm,
  emptyPosForm,
  type PosAccount,
  type PosAccountType,
  type PosAccountUpdate,
  type PosFlag,
  type PosFormValues,
  type PosOrder,
  type PosProduct,
  type PosTextField,
  toPosAccountInput,
  validatePosForm,
  type WebhookStatus,
} from '../../src/domain/pos'
import { loadAccount, loadActivity, regenerateSecret, saveAccount } from './pos-integration.actors'

export type PosIntegrationInput = { storeId: string }

export type PosActivity = { status: WebhookStatus; products: PosProduct[]; orders: PosOrder[] }

export type SavePosInput = { storeId: string; accountId: string | null; body: PosAccountUpdate }

export type PosIntegrationContext = {
  storeId: string
  /** null: the store has no account yet (the form creates one). */
  account: PosAccount | null
  values: PosFormValues
  /** What was loaded: the save button says whether there is something to save. */
  initial: PosFormValues
  submitted: boolean
  touched: PosTextField[]
  activity: PosActivity | null
  error: string | null
}

export type PosIntegrationEvent =
  | { type: 'pos.open' }
  | { type: 'pos.close' }
  | { type: 'pos.retry' }
  | { type: 'pos.change'; field: PosTextField; value: string }
  | { type: 'pos.setType'; value: PosAccountType }
  | { type: 'pos.toggle'; flag: PosFlag }
  | { type: 'pos.save' }
  | { type: 'pos.regenerate' }
  | { type: 'pos.confirm' }
  | { type: 'pos.cancel' }
  | { type: 'pos.refresh' }
  | { type: 'pos.copy'; what: 'webhookUrl' | 'webhookSecret' }

export const FETCH_FAILED = 'pos.errors.fetch-integration-failed'
export const UPDATE_FAILED = 'pos.errors.updateFailed'
export const UPDATE_SUCCESS = 'pos.messages.updateSuccessfully'

/** The search's 404 NOT_FOUND: the store is simply not connected yet. */
const isNotFoundError = (error: unknown) => {
  const e = error as { status?: number; code?: string } | null
  return e?.status === 404 && e.code === 'NOT_FOUND'
}
const same = (a: PosFormValues, b: PosFormValues) => JSON.stringify(a) === JSON.stringify(b)
export const hasPosChanges = (c: PosIntegrationContext) => c.account === null || !same(c.values, c.initial)
export const isPosFormValid = (c: PosIntegrationContext) =>
  Object.keys(validatePosForm(c.values)).length === 0

export const posIntegrationMachine = setup({
  types: {
    input: {} as PosIntegrationInput,
    context: {} as PosIntegrationContext,
    events: {} as PosIntegrationEvent,
  },
  actors: {
    loadAccount,
    loadActivity,
    saveAccount,
    regenerateSecret,
  },
  actions: {
    /** Provided by the app: a toast (§8 message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    /** Provided by the app: the clipboard (and a toast saying it was copied). */
    copy: (_, _params: { text: string }) => {},
    adoptAccount: assign(({ event }) => {
      const account = (event as unknown as { output: PosAccount }).output
      const values = accountToForm(account)
      return { account, values, initial: values, submitted: false, touched: [], error: null }
    }),
    startEmpty: assign(() => {
      const values = emptyPosForm()
      return { account: null, values, initial: values, submitted: false, touched: [], error: null }
    }),
    /** A new secret changes nothing the owner may be typing. */
    adoptSecret: assign(({ context, event }) => {
      const account = (event as unknown as { output: PosAccount }).output
      return {
        account: context.account ? { ...context.account, webhookSecret: account.webhookSecret } : account,
      }
    }),
    setActivity: assign({ activity: ({ event }) => (event as unknown as { output: PosActivity }).output }),
    change: assign(({ context, event }) =>
      event.type === 'pos.change'
        ? {
            values: { ...context.values, [event.field]: event.value },
            touched: context.touched.includes(event.field)
              ? context.touched
              : [...context.touched, event.field],
          }
        : {},
    ),
    setType: assign({
      values: ({ context, event }) =>
        event.type === 'pos.setType' ? { ...context.values, type: event.value } : context.values,
    }),
    toggle: assign({
      values: ({ context, event }) =>
        event.type === 'pos.toggle'
          ? { ...context.values, [event.flag]: !context.values[event.flag] }
          : context.values,
    }),
    markSubmitted: assign({ submitted: true }),
    setError: assign({ error: (_, p: { id: string }) => p.id }),
  },
  guards: {
    isNotFound: ({ event }) => isNotFoundError((event as { error?: unknown }).error),
    isValid: ({ context }) => isPosFormValid(context),
    hasAccount: ({ context }) => context.account !== null,
  },
}).createMachine({
  id: 'posIntegration',
  context: ({ input }) => {
    const values = emptyPosForm()
    return {
      storeId: input.storeId,
      account: null,
      values,
      initial: values,
      submitted: false,
      touched: [],
      activity: null,
      error: null,
    }
  },
  initial: 'closed',
  states: {
    // The store screen shows a button; nothing is read until the dialog opens.
    closed: { on: { 'pos.open': 'open' } },
    open: {
      initial: 'loading',
      states: {
        loading: {
          on: { 'pos.close': '#posIntegration.closed' },
          invoke: {
            id: 'loadAccount',
            src: 'loadAccount',
            input: ({ context }) => ({ storeId: context.storeId }),
            onDone: { target: 'loadingActivity', actions: 'adoptAccount' },
            onError: [
              // §8: NOT_FOUND is ignored: an empty form to connect the till.
              { guard: 'isNotFound', target: 'loadingActivity', actions: 'startEmpty' },
              { target: 'failed', actions: { type: 'setError', params: { id: FETCH_FAILED } } },
            ],
          },
        },
        loadingActivity: {
          on: { 'pos.close': '#posIntegration.closed' },
          invoke: {
            id: 'loadActivity',
            src: 'loadActivity',
            input: ({ context }) => ({ storeId: context.storeId }),
            onDone: { target: 'editing', actions: 'setActivity' },
            onError: { target: 'failed', actions: { type: 'setError', params: { id: FETCH_FAILED } } },
          },
        },
        failed: { on: { 'pos.retry': 'loading', 'pos.close': '#posIntegration.closed' } },
        editing: {
          on: {
            'pos.change': { actions: 'change' },
            'pos.setType': { actions: 'setType' },
            'pos.toggle': { actions: 'toggle' },
            'pos.save': [{ guard: 'isValid', target: 'saving' }, { actions: 'markSubmitted' }],
            'pos.regenerate': { guard: 'hasAccount', target: 'confirmingRegenerate' },
            'pos.refresh': 'refreshing',
            'pos.copy': {
              guard: 'hasAccount',
              actions: {
                type: 'copy',
                params: ({ context, event }) => ({
                  text: event.type === 'pos.copy' ? (context.account?.[event.what] ?? '') : '',
                }),
              },
            },
            'pos.close': '#posIntegration.closed',
          },
        },
        saving: {
          invoke: {
            id: 'saveAccount',
            src: 'saveAccount',
            input: ({ context }) => ({
              storeId: context.storeId,
              accountId: context.account?.id ?? null,
              body: toPosAccountInput(context.values),
            }),
            // A first save connects the store: the webhook status changes, so it is read again.
            onDone: {
              target: 'refreshing',
              actions: ['adoptAccount', { type: 'notify', params: { level: 'success', id: UPDATE_SUCCESS } }],
            },
            onError: {
              target: 'editing',
              actions: { type: 'notify', params: { level: 'error', id: UPDATE_FAILED } },
            },
          },
        },
        // Regenerating breaks the till's signature until the new secret is pasted there: asked first.
        confirmingRegenerate: { on: { 'pos.confirm': 'regenerating', 'pos.cancel': 'editing' } },
        regenerating: {
          invoke: {
            id: 'regenerateSecret',
            src: 'regenerateSecret',
            input: ({ context }) => ({ accountId: context.account!.id }),
            onDone: {
              target: 'editing',
              actions: [
                'adoptSecret',
                { type: 'notify', params: { level: 'success', id: 'pos.messages.secretRegenerated' } },
              ],
            },
            onError: {
              target: 'editing',
              actions: { type: 'notify', params: { level: 'error', id: UPDATE_FAILED } },
            },
          },
        },
        // Status, products and orders again (the simulator or a till may have posted meanwhile).
        refreshing: {
          on: { 'pos.close': '#posIntegration.closed' },
          invoke: {
            id: 'loadActivity',
            src: 'loadActivity',
            input: ({ context }) => ({ storeId: context.storeId }),
            onDone: { target: 'editing', actions: 'setActivity' },
            onError: {
              target: 'editing',
              actions: { type: 'notify', params: { level: 'error', id: FETCH_FAILED } },
            },
          },
        },
      },
    },
  },
})
