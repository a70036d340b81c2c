// The stores list page and its editor dialog in each state, built from the machines' own states.
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type StoreEditorContext, storeEditorMachine } from '../../machines/store-editor/store-editor.machine'
import { toStoreEditorView } from '../../machines/store-editor/store-editor.view'
import { DEFAULT_STORE_QUERY, type StoreListQuery } from '../../machines/stores-list/query'
import { type StoresListContext, storesListMachine } from '../../machines/stores-list/stores-list.machine'
import { toStoresListView } from '../../machines/stores-list/stores-list.view'
import type { StoreSummary } from '../../src/domain/franchise'
import { defaultWeek } from '../../src/domain/opening-hours'
import { emptyStoreForm } from '../../src/domain/stores'
import { StoreListPage } from '../../src/features/stores/StoreListPage'

const store = (n: number, name: string, nbClients: number, scanner = false): StoreSummary => ({
  id: `22222222-2222-4222-8222-00000000000${n}`,
  franchiseId: '11111111-1111-4111-8111-111111111111',
  name,
  currencyCode: 'EUR',
  logo: null,
  settings: { hasScannerEnabled: scanner, hasFullWebAppEnabled: false },
  nbClients,
  dateCreated: `2026-01-0${n}T10:00:00.000Z`,
})
const STORES = [
  store(1, 'Maison Dupont — Paris Marais', 1240, true),
  store(2, 'Maison Dupont — Lyon Presqu’île', 312),
  store(3, 'Maison Dupont — Bordeaux', 87),
]

function at(
  list: 'loading' | 'ready' | 'failed',
  over: Partial<StoresListContext> = {},
  query: Partial<StoreListQuery> = {},
) {
  const context: StoresListContext = {
    query: { ...DEFAULT_STORE_QUERY, ...query },
    stores: STORES,
    error: null,
    currencyCode: 'EUR',
    country: 'FR',
    canCreate: true,
    needsFranchise: false,
    editing: null,
    ...over,
  }
  return toStoresListView(storesListMachine.resolveState({ value: { list, editor: 'closed' }, context }))
}

function editor(value: string | object, over: Partial<StoreEditorContext> = {}) {
  const values = { ...emptyStoreForm(), name: 'Maison Dupont — Lille' }
  const context: StoreEditorContext = {
    storeId: null,
    country: 'FR',
    currencyCode: 'EUR',
    stayOnSave: false,
    values,
    hours: defaultWeek(),
    settings: { hasScannerEnabled: false, hasFullWebAppEnabled: false },
    franchise: null,
    initial: {
      values: emptyStoreForm(),
      hours: defaultWeek(),
      settings: { hasScannerEnabled: false, hasFullWebAppEnabled: false },
      franchise: null,
    },
    submitted: false,
    touched: [],
    error: null,
    saved: null,
    outcome: 'closed',
    nearCities: null,
    ...over,
  }
  return {
    view: toStoreEditorView(storeEditorMachine.resolveState({ value: value as never, context })),
    send: () => {},
  }
}

const meta = {
  title: 'Stores/Stores list',
  component: StoreListPage,
  args: { view: at('ready'), send: () => {}, categories: [], editor: null },
} satisfies Meta<typeof StoreListPage>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {}
export const Loading: Story = { args: { view: at('loading', { stores: [] }) } }
export const SortedByClients: Story = { args: { view: at('ready', {}, { sort: 'nbClients', order: 'asc' }) } }
export const Empty: Story = { args: { view: at('ready', { stores: [] }) } }
export const NoResult: Story = { args: { view: at('ready', {}, { search: 'Marseille' }) } }
export const Failed: Story = {
  args: { view: at('failed', { stores: [], error: 'store.errors.loadStores' }) },
}
export const NewStoreDialog: Story = { args: { editor: editor({ editing: 'idle' }) } }
/** §4: a merchant who signed up alone names its franchise and its country with its first store. */
export const FirstStoreNamesTheFranchise: Story = {
  args: {
    view: at('ready', { stores: [], needsFranchise: true }),
    editor: editor(
      { editing: 'idle' },
      { franchise: { franchiseName: '', codeAlpha3: 'FRA' }, touched: ['franchiseName'] },
    ),
  },
}
/** The country picked sets the currency, shown read-only (issue 34: no store priced against its country). */
export const FirstStoreInSwitzerland: Story = {
  args: {
    view: at('ready', { stores: [], needsFranchise: true }),
    editor: editor(
      { editing: 'idle' },
      {
        franchise: { franchiseName: 'Fleurs de Nina', codeAlpha3: 'CHE' },
        country: 'CH',
        currencyCode: 'CHF',
      },
    ),
  },
}
export const HoursAndFieldErrors: Story = {
  args: {
    editor: editor(
      { editing: 'idle' },
      {
        submitted: true,
        values: { ...emptyStoreForm(), name: '', website: 'www.dupont.test', phone: '12' },
        hours: {
          ...defaultWeek(),
          mon: [
            { open: '08:00', close: '12:00' },
            { open: '11:00', close: '14:00' },
          ],
          tue: [{ open: '18:00', close: '08:00' }],
          sun: [],
        },
      },
    ),
  },
}
/** Coordinates typed: the cities around them are suggested for the city field. */
export const NearCitiesSuggested: Story = {
  args: {
    editor: editor(
      { editing: 'idle' },
      {
        values: { ...emptyStoreForm(), name: 'Maison Dupont — Lille', lat: '50.6292', lng: '3.0573' },
        nearCities: [
          {
            name: 'Lille',
            lat: 50.633,
            lng: 3.0586,
            country: 'FR',
            admin1: '32',
            admin2: '59',
            distance: 0.5,
          },
          {
            name: 'Lambersart',
            lat: 50.65,
            lng: 3.025,
            country: 'FR',
            admin1: '32',
            admin2: '59',
            distance: 3.2,
          },
          {
            name: 'Villeneuve-d’Ascq',
            lat: 50.6233,
            lng: 3.145,
            country: 'FR',
            admin1: '32',
            admin2: '59',
            distance: 6.2,
          },
        ],
      },
    ),
  },
}

export const Saving: Story = { args: { editor: editor('saving') } }
export const ConfirmDelete: Story = {
  args: {
    editor: editor('confirmingDelete', {
      storeId: STORES[2]!.id,
      values: { ...emptyStoreForm(), name: STORES[2]!.name },
    }),
  },
}
export const UnsavedChanges: Story = { args: { editor: editor('confirmingClose') } }
