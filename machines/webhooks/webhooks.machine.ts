// Outgoing webhooks of a franchise (issue 23), a panel of the Franchise page: the list of endpoints,
// adding or editing one (URL, description, events), enabling or disabling it, deleting it and
// rotating its secret after a confirmation, the secret shown once after creation or rotation, the
// "send test event" button and an endpoint's delivery log, read again while a delivery is under way.
import { assign, setup } from 'xstate'
import {
  isDeliveryOpen,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookSecretResponse,
  webhookUrlProblem,
} from '../../src/domain/webhooks'
import {
  deleteEndpoint,
  loadDeliveries,
  loadEndpoints,
  rotateSecret,
  saveEndpoint,
  sendTest,
  toggleEndpoint,
} from './webhooks.actors'

export type WebhooksInput = { franchiseId: string }

export type WebhookForm = { url: string; description: string; events: WebhookEvent[] }

export type SaveEndpointInput = { franchiseId: string; id: string | null; form: WebhookForm }
/** What a save answers: the endpoint, and its secret when it was just created. */
export type SavedEndpoint = { endpoint: WebhookEndpoint; secret: string | null }

export type WebhooksContext = {
  franchiseId: string
  endpoints: WebhookEndpoint[]
  /** The endpoint a dialog, a confirmation or the delivery log is about. */
  selectedId: string | null
  form: WebhookForm
  submitted: boolean
  /** Shown once, after a creation or a rotation; forgotten when dismissed. */
  secret: string | null
  deliveries: WebhookDelivery[]
  /** A message id (i18n) of the last failure shown in the panel or the form. */
  error: string | null
}

export type WebhooksEvent =
  | { type: 'webhooks.retry' }
  | { type: 'webhooks.add' }
  | { type: 'webhooks.edit'; id: string }
  | { type: 'webhooks.change'; field: 'url' | 'description'; value: string }
  | { type: 'webhooks.toggleEvent'; event: WebhookEvent }
  | { type: 'webhooks.save' }
  | { type: 'webhooks.cancel' }
  | { type: 'webhooks.toggle'; id: string }
  | { type: 'webhooks.delete'; id: string }
  | { type: 'webhooks.rotate'; id: string }
  | { type: 'webhooks.confirm' }
  | { type: 'webhooks.dismissSecret' }
  | { type: 'webhooks.copySecret' }
  | { type: 'webhooks.test'; id: string }
  | { type: 'webhooks.showDeliveries'; id: string }
  | { type: 'webhooks.refresh' }
  | { type: 'webhooks.back' }

export const LOAD_FAILED = 'webhooks.errors.load'
export const SAVE_FAILED = 'webhooks.errors.save'
export const ACTION_FAILED = 'webhooks.errors.action'

const EMPTY_FORM: WebhookForm = { url: '', description: '', events: [...WEBHOOK_EVENTS] }

/** The form's problems (message ids by field); the server checks again, with its own address rules. */
export function webhookFormErrors(form: WebhookForm): Partial<Record<'url' | 'events', string>> {
  const errors: Partial<Record<'url' | 'events', string>> = {}
  const problem = form.url.trim() ? webhookUrlProblem(form.url.trim(), true) : 'required'
  if (problem) errors.url = `webhooks.form.errors.${problem}`
  if (!form.events.length) errors.events = 'webhooks.form.errors.events'
  return errors
}

/** An API failure's code as a message id when the server named the URL, else the generic one. */
const saveErrorOf = (error: unknown) => {
  const code = (error as { code?: string } | null)?.code ?? ''
  return code.startsWith('WEBHOOK_') ? `webhooks.errors.${code}` : SAVE_FAILED
}

const outputOf = <T>(event: unknown) => (event as { output: T }).output
const idOf = (event: unknown) => (event as { id?: string }).id ?? null

export const webhooksMachine = setup({
  types: {
    input: {} as WebhooksInput,
    context: {} as WebhooksContext,
    events: {} as WebhooksEvent,
  },
  actors: {
    loadEndpoints,
    saveEndpoint,
    toggleEndpoint,
    deleteEndpoint,
    rotateSecret,
    sendTest,
    loadDeliveries,
  },
  delays: {
    /** While a delivery is pending or retrying, the log is read again this often. */
    deliveryPoll: 2000,
  },
  actions: {
    /** Provided by the app: a toast (message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    /** Provided by the app: the clipboard. */
    copy: (_, _params: { text: string }) => {},
    setEndpoints: assign({ endpoints: ({ event }) => outputOf<WebhookEndpoint[]>(event), error: null }),
    select: assign({ selectedId: ({ event }) => idOf(event) }),
    startNew: assign({ selectedId: null, form: () => ({ ...EMPTY_FORM }), submitted: false, error: null }),
    startEdit: assign(({ context, event }) => {
      const e = context.endpoints.find((x) => x.id === idOf(event))
      return {
        selectedId: e?.id ?? null,
        form: e ? { url: e.url, description: e.description, events: [...e.events] } : { ...EMPTY_FORM },
        submitted: false,
        error: null,
      }
    }),
    change: assign({
      form: ({ context, event }) =>
        event.type === 'webhooks.change' ? { ...context.form, [event.field]: event.value } : context.form,
    }),
    toggleEvent: assign({
      form: ({ context, event }) => {
        if (event.type !== 'webhooks.toggleEvent') return context.form
        const has = context.form.events.includes(event.event)
        const events = has
          ? context.form.events.filter((e) => e !== event.event)
          : WEBHOOK_EVENTS.filter((e) => e === event.event || context.form.events.includes(e))
        return { ...context.form, events }
      },
    }),
    markSubmitted: assign({ submitted: true }),
    adoptSaved: assign(({ context, event }) => {
      const { endpoint, secret } = outputOf<SavedEndpoint>(event)
      const known = context.endpoints.some((e) => e.id === endpoint.id)
      return {
        endpoints: known
          ? context.endpoints.map((e) => (e.id === endpoint.id ? endpoint : e))
          : [...context.endpoints, endpoint],
        selectedId: endpoint.id,
        secret,
        error: null,
      }
    }),
    adoptEndpoint: assign({
      endpoints: ({ context, event }) => {
        const endpoint = outputOf<WebhookEndpoint>(event)
        return context.endpoints.map((e) => (e.id === endpoint.id ? endpoint : e))
      },
    }),
    adoptRotated: assign(({ context, event }) => {
      const { endpoint, secret } = outputOf<WebhookSecretResponse>(event)
      return { endpoints: context.endpoints.map((e) => (e.id === endpoint.id ? endpoint : e)), secret }
    }),
    dropSelected: assign({
      endpoints: ({ context }) => context.endpoints.filter((e) => e.id !== context.selectedId),
      selectedId: null,
    }),
    forgetSecret: assign({ secret: null }),
    setDeliveries: assign({ deliveries: ({ event }) => outputOf<WebhookDelivery[]>(event), error: null }),
    clearDeliveries: assign({ deliveries: [] }),
    setError: assign({ error: (_, p: { id: string }) => p.id }),
    setSaveError: assign({ error: ({ event }) => saveErrorOf((event as { error?: unknown }).error) }),
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(webhookFormErrors(context.form)).length === 0,
    isKnownEndpoint: ({ context, event }) => context.endpoints.some((e) => e.id === idOf(event)),
    isEnabledEndpoint: ({ context, event }) =>
      context.endpoints.some((e) => e.id === idOf(event) && e.enabled),
    hasSecret: ({ event }) => !!outputOf<SavedEndpoint>(event).secret,
    hasOpenDelivery: ({ context }) => context.deliveries.some((d) => isDeliveryOpen(d.status)),
  },
}).createMachine({
  id: 'webhooks',
  context: ({ input }) => ({
    franchiseId: input.franchiseId,
    endpoints: [],
    selectedId: null,
    form: { ...EMPTY_FORM },
    submitted: false,
    secret: null,
    deliveries: [],
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEndpoints',
        src: 'loadEndpoints',
        input: ({ context }) => ({ franchiseId: context.franchiseId }),
        onDone: { target: 'list', actions: 'setEndpoints' },
        onError: { target: 'failed', actions: { type: 'setError', params: { id: LOAD_FAILED } } },
      },
    },
    failed: { on: { 'webhooks.retry': 'loading' } },
    list: {
      on: {
        'webhooks.add': { target: 'editing', actions: 'startNew' },
        'webhooks.edit': { guard: 'isKnownEndpoint', target: 'editing', actions: 'startEdit' },
        'webhooks.toggle': { guard: 'isKnownEndpoint', target: 'toggling', actions: 'select' },
        'webhooks.delete': { guard: 'isKnownEndpoint', target: 'confirmingDelete', actions: 'select' },
        'webhooks.rotate': { guard: 'isKnownEndpoint', target: 'confirmingRotate', actions: 'select' },
        'webhooks.test': { guard: 'isEnabledEndpoint', target: 'testing', actions: 'select' },
        'webhooks.showDeliveries': {
          guard: 'isKnownEndpoint',
          target: 'deliveries',
          actions: ['select', 'clearDeliveries'],
        },
      },
    },
    editing: {
      on: {
        'webhooks.change': { actions: 'change' },
        'webhooks.toggleEvent': { actions: 'toggleEvent' },
        'webhooks.save': [{ guard: 'isFormValid', target: 'saving' }, { actions: 'markSubmitted' }],
        'webhooks.cancel': 'list',
      },
    },
    saving: {
      invoke: {
        id: 'saveEndpoint',
        src: 'saveEndpoint',
        input: ({ context }) => ({
          franchiseId: context.franchiseId,
          id: context.selectedId,
          form: {
            ...context.form,
            url: context.form.url.trim(),
            description: context.form.description.trim(),
          },
        }),
        onDone: [
          { guard: 'hasSecret', target: 'showingSecret', actions: 'adoptSaved' },
          {
            target: 'list',
            actions: [
              'adoptSaved',
              { type: 'notify', params: { level: 'success', id: 'webhooks.messages.saved' } },
            ],
          },
        ],
        // The server's answer names the URL's problem; the form stays as typed.
        onError: { target: 'editing', actions: ['setSaveError', 'markSubmitted'] },
      },
    },
    showingSecret: {
      on: {
        'webhooks.copySecret': {
          actions: { type: 'copy', params: ({ context }) => ({ text: context.secret ?? '' }) },
        },
        'webhooks.dismissSecret': { target: 'list', actions: 'forgetSecret' },
      },
    },
    toggling: {
      invoke: {
        id: 'toggleEndpoint',
        src: 'toggleEndpoint',
        input: ({ context }) => ({
          id: context.selectedId!,
          enabled: !context.endpoints.find((e) => e.id === context.selectedId)?.enabled,
        }),
        onDone: { target: 'list', actions: 'adoptEndpoint' },
        onError: {
          target: 'list',
          actions: { type: 'notify', params: { level: 'error', id: ACTION_FAILED } },
        },
      },
    },
    // Deleting loses the log and stops every delivery; rotating breaks receivers once the overlap ends.
    confirmingDelete: { on: { 'webhooks.confirm': 'deleting', 'webhooks.cancel': 'list' } },
    deleting: {
      invoke: {
        id: 'deleteEndpoint',
        src: 'deleteEndpoint',
        input: ({ context }) => ({ id: context.selectedId! }),
        onDone: {
          target: 'list',
          actions: [
            'dropSelected',
            { type: 'notify', params: { level: 'success', id: 'webhooks.messages.deleted' } },
          ],
        },
        onError: {
          target: 'list',
          actions: { type: 'notify', params: { level: 'error', id: ACTION_FAILED } },
        },
      },
    },
    confirmingRotate: { on: { 'webhooks.confirm': 'rotating', 'webhooks.cancel': 'list' } },
    rotating: {
      invoke: {
        id: 'rotateSecret',
        src: 'rotateSecret',
        input: ({ context }) => ({ id: context.selectedId! }),
        onDone: { target: 'showingSecret', actions: 'adoptRotated' },
        onError: {
          target: 'list',
          actions: { type: 'notify', params: { level: 'error', id: ACTION_FAILED } },
        },
      },
    },
    // The test event is queued at once; its delivery shows in the endpoint's log.
    testing: {
      invoke: {
        id: 'sendTest',
        src: 'sendTest',
        input: ({ context }) => ({ id: context.selectedId! }),
        onDone: {
          target: 'deliveries',
          actions: { type: 'notify', params: { level: 'success', id: 'webhooks.messages.testSent' } },
        },
        onError: {
          target: 'list',
          actions: { type: 'notify', params: { level: 'error', id: ACTION_FAILED } },
        },
      },
    },
    deliveries: {
      initial: 'loading',
      on: { 'webhooks.back': { target: 'list', actions: 'clearDeliveries' } },
      states: {
        loading: {
          invoke: {
            id: 'loadDeliveries',
            src: 'loadDeliveries',
            input: ({ context }) => ({ id: context.selectedId! }),
            onDone: { target: 'shown', actions: 'setDeliveries' },
            onError: { target: 'failed', actions: { type: 'setError', params: { id: LOAD_FAILED } } },
          },
        },
        shown: {
          after: { deliveryPoll: { guard: 'hasOpenDelivery', target: 'loading' } },
          on: {
            'webhooks.refresh': 'loading',
            'webhooks.test': { guard: 'isEnabledEndpoint', target: '#webhooks.testing' },
          },
        },
        failed: { on: { 'webhooks.retry': 'loading' } },
      },
    },
  },
})
