import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { EMPTY_CLIENT_VALUES, valuesFromSearch } from '../../machines/client-form/client-form'
import { type ClientFormContext, clientFormMachine } from '../../machines/client-form/client-form.machine'
import { toClientFormView } from '../../machines/client-form/client-form.view'
import {
  type ClientListContext,
  clientListMachine,
  toClientListView,
} from '../../machines/client-list/client-list.list'
import { type ClientListQuery, DEFAULT_QUERY } from '../../machines/client-list/query'
import { ClientListScope, ConnectedClientList } from '../../src/features/clients/ClientListContainer'
import { ClientListPage } from '../../src/features/clients/ClientListPage'
import { type AppEffects, AppEffectsProvider, browserEffects } from '../../src/ui/effects/app-effects'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { fakeClientMachines } from '../../tests/support/client-machines'
import {
  createClientsBackend,
  demo,
  FRANCHISE_ID,
  STORE_1,
  STORE_2,
} from '../../tests/support/clients-backend'

const STORES = [
  { id: STORE_1, name: 'Maison Dupont — Paris Marais' },
  { id: STORE_2, name: 'Maison Dupont — Lyon Presqu’île' },
]
const ROWS = Array.from({ length: demo.count }, (_, i) => demo.row(i + 1))

type ListValue = { list: 'loading' | 'ready' | 'failed'; search: 'idle' | 'debouncing' }

function at(
  list: ListValue['list'],
  over: Partial<ClientListContext> = {},
  query: Partial<ClientListQuery> = {},
) {
  const q = { ...DEFAULT_QUERY, ...query }
  const context: ClientListContext = {
    query: q,
    searchInput: q.search,
    rows: [],
    total: 0,
    extra: { totalIsLowerBound: false },
    error: null,
    errorStatus: null,
    requestId: 1,
    params: { franchiseId: FRANCHISE_ID, readOnly: false, modelId: null },
    ...over,
  }
  return toClientListView(clientListMachine.resolveState({ value: { list, search: 'idle' }, context }))
}

const page = (rows = ROWS.slice(0, 5), total = 2_000) => ({ rows, total })

function form(over: Partial<ClientFormContext> = {}, value: 'editing' | 'saving' = 'editing') {
  const context: ClientFormContext = {
    mode: 'create',
    franchiseId: FRANCHISE_ID,
    country: 'FR',
    clientId: null,
    storeId: STORE_1,
    values: EMPTY_CLIENT_VALUES,
    touched: {},
    errors: {},
    serverErrors: {},
    error: null,
    saved: null,
    ...over,
  }
  const view = toClientFormView(clientFormMachine.resolveState({ value, context }))
  return { view, send: () => {} }
}

const meta = {
  title: 'Pages/Clients/Client list',
  component: ClientListPage,
  parameters: { layout: 'padded' },
  args: {
    view: at('ready', page()),
    send: () => {},
    stores: STORES,
    currency: 'EUR',
    onCreate: () => {},
    form: null,
  },
} satisfies Meta<typeof ClientListPage>

export default meta
type Story = StoryObj<typeof meta>

/** §9 defaults: first page, 5 rows, last visit newest first. */
export const Ready: Story = {}

/** The first answer is on its way: placeholder rows, the table marked busy. */
export const Loading: Story = { args: { view: at('loading') } }

/** A new query is on its way: the previous rows stay, dimmed. */
export const Refreshing: Story = { args: { view: at('loading', page()) } }

/** Sorted by points ascending, 10 rows, page 2, two filters and a store: all of it from the address. */
export const FilteredAndSorted: Story = {
  args: {
    view: at(
      'ready',
      page(
        ROWS.filter((r) => r.acquiredFrom === 'STORE').sort((a, b) => a.points - b.points),
        17,
      ),
      {
        page: 2,
        size: 10,
        sort: 'points',
        order: 'asc',
        store: STORE_2,
        acquiredFrom: ['STORE'],
        clientType: ['REGULAR_CUSTOMER', 'NEW_CUSTOMER'],
      },
    ),
  },
}

/** A broad search: its matches are counted up to the limit ("1,000+ clients"). */
export const BroadSearch: Story = {
  args: {
    view: at(
      'ready',
      { ...page(ROWS.slice(0, 5), 1000), extra: { totalIsLowerBound: true } },
      { search: 'mar' },
    ),
  },
}

/** A franchise without clients yet. */
export const Empty: Story = { args: { view: at('ready') } }

/** Filters that match nobody: "no result", with a reset. */
export const NoResult: Story = {
  args: { view: at('ready', {}, { clientType: ['LOST_CUSTOMER'], store: STORE_2 }) },
}

/** A search that found nobody: §8 "no result found, you can create an account". */
export const NoResultForSearch: Story = { args: { view: at('ready', {}, { search: '06 11 22 33 44' }) } }

/** The list could not be loaded: emptied, with a retry (§4). */
export const Failed: Story = {
  args: { view: at('failed', { error: 'pages.clients.errors.load', errorStatus: 500 }) },
}

/** Creating the client searched for: the phone is filled in, the first name is missing. */
export const CreateDialog: Story = {
  args: {
    view: at('ready', {}, { search: '06 11 22 33 44' }),
    form: form({
      values: valuesFromSearch('06 11 22 33 44'),
      touched: { firstName: true },
      errors: { firstName: 'pages.clients.form.errors.required' },
    }),
  },
}

/** The server refused: that phone number is already a client's (409 PHONE_ALREADY_USED). */
export const CreateDialogPhoneUsed: Story = {
  args: {
    view: at('ready', {}, { search: 'Inès Roux' }),
    form: form({
      values: { ...valuesFromSearch('Inès Roux'), phone: '06 12 34 56 78' },
      serverErrors: { phone: 'pages.clients.errors.phoneUsed' },
    }),
  },
}

/** The story's address never changes: the list's query stays in the machine; toasts are the app's. */
const storyEffects: AppEffects = {
  ...browserEffects,
  navigate: () => {},
  location: { read: () => ({ path: '/', search: '' }), subscribe: () => () => {} },
}

/** The real machines on an in-memory client base that answers in 600 ms (the address stays put). */
export const Interactive: Story = {
  render: function Render() {
    const [machines] = useState(() =>
      Object.values(fakeClientMachines(createClientsBackend(), { latency: 600 })),
    )
    return (
      <AppEffectsProvider value={storyEffects}>
        <ProvidedMachines machines={machines}>
          <ClientListScope
            path="/"
            urlOf={() => '/'}
            params={{ franchiseId: FRANCHISE_ID, readOnly: false, modelId: null }}
            create={{ franchiseId: FRANCHISE_ID, country: 'FR', storeId: STORE_1 }}
          >
            <ConnectedClientList stores={STORES} currency="EUR" />
          </ClientListScope>
        </ProvidedMachines>
      </AppEffectsProvider>
    )
  },
}
