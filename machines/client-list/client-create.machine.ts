// Creating a client from the client list (§8 "no result found, you can create an account"): the
// list's create button, or its empty search, opens the client form machine with what was searched
// (a name, a phone or an e-mail), and a saved client opens. Not on a read-only franchise (the demo),
// nor without a franchise.
import type { CountryCode } from 'libphonenumber-js'
import { assign, setup } from 'xstate'
import { valuesFromSearch } from '../client-form/client-form'
import { type ClientFormOutput, clientFormMachine } from '../client-form/client-form.machine'

export type ClientCreateInput = {
  franchiseId: string | null
  /** The franchise's country, for the phone of a client created here. */
  country: CountryCode
  /** The toolbar's current store: a client created here joins it. */
  storeId: string | null
  readOnly?: boolean
}

export type ClientCreateContext = Omit<ClientCreateInput, 'readOnly'> & {
  readOnly: boolean
  /** The list's search when the dialog opened: the form starts from it. */
  search: string
}

export type ClientCreateEvent = { type: 'client.create'; search: string }

export const clientCreateMachine = setup({
  types: {
    input: {} as ClientCreateInput,
    context: {} as ClientCreateContext,
    events: {} as ClientCreateEvent,
  },
  actors: { clientForm: clientFormMachine },
  guards: {
    canCreate: ({ context }) => context.franchiseId !== null && !context.readOnly,
    hasSavedClient: ({ event }) => !!(event as unknown as { output?: ClientFormOutput }).output?.client,
  },
  actions: {
    /** Provided by the app: opens a client's page. */
    openClient: (_, _params: { id: string }) => {},
    /** Provided by the app: a toast (§8 message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    setSearch: assign({ search: ({ event }) => event.search }),
  },
}).createMachine({
  id: 'clientCreate',
  context: ({ input }) => ({
    franchiseId: input.franchiseId,
    country: input.country,
    storeId: input.storeId,
    readOnly: input.readOnly === true,
    search: '',
  }),
  initial: 'closed',
  states: {
    closed: { on: { 'client.create': { guard: 'canCreate', target: 'open', actions: 'setSearch' } } },
    open: {
      invoke: {
        id: 'clientForm',
        src: 'clientForm',
        input: ({ context }) => ({
          mode: 'create' as const,
          franchiseId: context.franchiseId!,
          country: context.country,
          storeId: context.storeId,
          values: valuesFromSearch(context.search),
        }),
        onDone: [
          {
            guard: 'hasSavedClient',
            target: 'closed',
            actions: [
              { type: 'notify', params: { level: 'success', id: 'pages.clients.createClient.success' } },
              {
                type: 'openClient',
                params: ({ event }) => ({ id: (event.output as ClientFormOutput).client!.id }),
              },
            ],
          },
          { target: 'closed' },
        ],
      },
    },
  },
})
