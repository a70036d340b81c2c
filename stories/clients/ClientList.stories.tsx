import type { Meta, StoryObj } from '@storybook/react-vite'
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { EMPTY_CLIENT_VALUES, valuesFromSearch } from '../../machines/client-form/client-form'
import { type ClientFormContext, clientFormMachine } from '../../machines/client-form/client-form.machine'
import { toClientFormView } from '../../machines/client-form/client-form.view'
import { type ClientListContext, clientListMachine } from '../../machines/client-list/client-list.machine'
import { toClientListView } from '../../machines/client-list/client-list.view'
import { type ClientListQuery, DEFAULT_QUERY } from '../../machines/client-list/query'
import { ClientListPage } from '../../src/features/clients/ClientListPage'
import { notify } from '../../src/ui/Toast'
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

type ListValue = {
  list: 'loading' | 'ready' | 'failed'
  search: 'idle' | 'debouncing'
  create: 'closed' | 'open'
}

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
    totalIsLowerBound: false,
    error: null,
    requestId: 1,
    franchiseId: FRANCHISE_ID,
    country: 'FR',
    storeId: STORE_1,
    readOnly: false,
    modelId: null,
    ...over,
  }
  return toClientListView(
    clientListMachine.resolveState({ value: { list, search: 'idle', create: 'closed' }, context }),
  )
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
  args: { view: at('ready', page()), send: () => {}, stores: STORES, currency: 'EUR', form: null },
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
        rowsPerPage: 10,
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
    view: at('ready', { ...page(ROWS.slice(0, 5), 1000), totalIsLowerBound: true }, { search: 'mar' }),
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
export const Failed: Story = { args: { view: at('failed', { error: 'pages.clients.errors.load' }) } }

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

/** The real machine on an in-memory client base that answers in 600 ms. */
export const Interactive: Story = {
  render: function Render() {
    const [logic] = useState(() => fakeClientMachines(createClientsBackend(), { latency: 600 }))
    const actor = useActorRef(
      logic.clientList.provide({
        actions: {
          notify: (_, p: { level: 'success' | 'error'; id: string }) => notify[p.level](p.id as never),
        },
      }),
      { input: { location: '', franchiseId: FRANCHISE_ID, country: 'FR', storeId: STORE_1 } },
    )
    const view = useSelector(actor, toClientListView)
    const formRef = useSelector(
      actor,
      (s) => s.children.clientForm as ActorRefFrom<typeof clientFormMachine> | undefined,
    )
    const formView = useSelector(formRef, (s) => (s ? toClientFormView(s) : null))
    return (
      <ClientListPage
        view={view}
        send={actor.send}
        stores={STORES}
        currency="EUR"
        form={formRef && formView ? { view: formView, send: formRef.send } : null}
      />
    )
  },
}
