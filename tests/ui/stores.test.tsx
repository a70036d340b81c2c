import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { storeEditorMachine } from '../../machines/store-editor/store-editor.machine'
import { storesListMachine } from '../../machines/stores-list/stores-list.machine'
import { ApiError } from '../../src/api/client'
import type { StoreSummary } from '../../src/domain/franchise'
import { defaultWeek } from '../../src/domain/opening-hours'
import type { Store, StoreInput } from '../../src/domain/stores'
import { AppEffectsProvider } from '../../src/ui/effects/app-effects'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { account } from '../support/fixtures'
import { routerEffects } from '../support/router-effects'
import { renderShell } from './shell-support'

const FRANCHISE = '11111111-1111-4111-8111-111111111111'
const owner = account('owner')

function fullStore(s: StoreSummary): Store {
  return {
    id: s.id,
    franchiseId: s.franchiseId,
    name: s.name,
    description: '',
    phone: null,
    email: null,
    website: null,
    clickNCollectLink: null,
    menuLink: null,
    facebookLink: null,
    instagramLink: null,
    twitterLink: null,
    tikTokLink: null,
    googleReviewLink: null,
    logo: null,
    picture: null,
    location: null,
    currencyCode: 'EUR',
    userId: null,
    categoryId: null,
    providerId: null,
    storeAddress: { id: null, line1: null, city: null, postcode: null },
    storeOpeningHours: { hours: defaultWeek() },
    settings: s.settings,
    dateCreated: s.dateCreated,
  }
}

/** An in-memory store back end: 3 stores with different client counts and creation dates. */
function backend(options: { failLoads?: number } = {}) {
  let failures = options.failLoads ?? 0
  const rows: { store: Store; nbClients: number }[] = [
    ['Paris Marais', 40, '2026-01-01'],
    ['Lyon Presqu’île', 5, '2026-01-03'],
    ['Bordeaux', 12, '2026-01-02'],
  ].map(([name, n, day], i) => ({
    nbClients: n as number,
    store: fullStore({
      ...owner.stores[0]!,
      id: `22222222-2222-4222-8222-00000000001${i}`,
      name: name as string,
      dateCreated: `${day}T10:00:00.000Z`,
    }),
  }))
  const summaries = (): StoreSummary[] =>
    rows.map(({ store: s, nbClients }) => ({
      id: s.id,
      franchiseId: FRANCHISE,
      name: s.name,
      currencyCode: s.currencyCode,
      logo: s.logo,
      settings: s.settings,
      nbClients,
      dateCreated: s.dateCreated,
    }))
  const api = {
    loadStores: vi.fn(async () => {
      if (failures-- > 0) throw new ApiError(500, 'HTTP_500', 'down')
      return summaries()
    }),
    save: vi.fn(
      async (input: { storeId: string | null; body: StoreInput; settings: Store['settings'] | null }) => {
        const existing = rows.find((r) => r.store.id === input.storeId)
        const store: Store = {
          ...(existing?.store ??
            fullStore({
              ...owner.stores[0]!,
              id: crypto.randomUUID(),
              dateCreated: '2026-02-01T10:00:00.000Z',
            })),
          name: input.body.name,
          storeOpeningHours: input.body.storeOpeningHours as Store['storeOpeningHours'],
          settings: input.settings ??
            existing?.store.settings ?? { hasScannerEnabled: false, hasFullWebAppEnabled: false },
        }
        if (existing) existing.store = store
        else rows.push({ store, nbClients: 0 })
        return store
      },
    ),
    nearCities: vi.fn(async (_: { lat: number; lng: number; distance: number }) => [
      { name: 'Lille', lat: 50.633, lng: 3.0586, country: 'FR', admin1: '32', admin2: '59', distance: 0.46 },
      {
        name: 'Lambersart',
        lat: 50.65,
        lng: 3.025,
        country: 'FR',
        admin1: '32',
        admin2: '59',
        distance: 3.2,
      },
    ]),
    remove: vi.fn(async (id: string) => {
      rows.splice(
        rows.findIndex((r) => r.store.id === id),
        1,
      )
    }),
  }
  return { api, summaries, rows }
}

function renderStores(path = '/pages/stores/all', b = backend()) {
  const notices: string[] = []
  const { effects, attach } = routerEffects(notices)
  const storeEditor = storeEditorMachine.provide({
    actors: {
      loadStore: fromPromise<Store, { storeId: string }>(
        async ({ input }) => b.rows.find((r) => r.store.id === input.storeId)!.store,
      ),
      saveStore: fromPromise(async ({ input }) => b.api.save(input)),
      deleteStore: fromPromise<void, { storeId: string }>(({ input }) => b.api.remove(input.storeId)),
      uploadImage: fromPromise(async ({ input }) => ({ field: input.field, url: '/files/store/x.jpeg' })),
      findCities: fromPromise(async ({ input }) => b.api.nearCities(input)),
    },
  })
  const storesList = storesListMachine.provide({
    actors: { loadStores: fromPromise(() => b.api.loadStores()) },
  })
  const app = renderShell({
    path,
    as: owner,
    wrap: (routes) => (
      <AppEffectsProvider value={effects}>
        <ProvidedMachines machines={[storesList, storeEditor]}>{routes}</ProvidedMachines>
      </AppEffectsProvider>
    ),
  })
  attach(app)
  return { ...app, backend: b, notices }
}

const table = () => screen.findByRole('table', { name: /^Stores sorted by/ })
async function names() {
  const t = await table()
  return within(t)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('link').textContent)
}
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) })

describe('stores list page', () => {
  it('lists the stores newest first and cycles a column: descending, ascending, default', async () => {
    const { user, location } = renderStores()
    expect(await screen.findByRole('heading', { level: 1, name: 'Stores' })).toBeInTheDocument()
    expect(await names()).toEqual(['Lyon Presqu’île', 'Bordeaux', 'Paris Marais'])
    expect(header('Created')).toHaveAttribute('aria-sort', 'descending')
    const clients = () => within(header('Clients')).getByRole('button')
    await user.click(clients())
    expect(header('Clients')).toHaveAttribute('aria-sort', 'descending')
    expect(await names()).toEqual(['Paris Marais', 'Bordeaux', 'Lyon Presqu’île'])
    expect(location.current).toBe('/pages/stores/all?sort=nbClients')
    await user.click(clients())
    expect(await names()).toEqual(['Lyon Presqu’île', 'Bordeaux', 'Paris Marais'])
    expect(location.current).toBe('/pages/stores/all?sort=nbClients&order=asc')
    await user.click(clients())
    expect(header('Created')).toHaveAttribute('aria-sort', 'descending')
    expect(location.current).toBe('/pages/stores/all')
  })

  it('searches from the address and resets the page when the search changes', async () => {
    const { user, location } = renderStores('/pages/stores/all?search=zzz&page=2')
    expect(await screen.findByText('No store matches this search')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear the search' }))
    expect(await names()).toHaveLength(3)
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'bord')
    expect(await names()).toEqual(['Bordeaux'])
    expect(location.current).toBe('/pages/stores/all?search=bord')
  })

  it('shows the loading error with a retry', async () => {
    const { user, backend: b } = renderStores('/pages/stores/all', backend({ failLoads: 1 }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading stores.')
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await names()).toHaveLength(3)
    expect(b.api.loadStores).toHaveBeenCalledTimes(2)
  })

  it('creates a store with opening hours: per-day errors, then save, list and session reload', async () => {
    const { user, backend: b, api, notices } = renderStores()
    await names()
    const loads = api.loadAccount.mock.calls.length
    await user.click(screen.getByRole('button', { name: 'New store' }))
    const dialog = await screen.findByRole('dialog', { name: 'New store' })
    await user.click(within(dialog).getByRole('button', { name: 'Create the store' }))
    expect(within(dialog).getByText('Required')).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Lille Gare')
    await user.type(within(dialog).getByRole('textbox', { name: 'Website' }), 'x.fr')
    expect(within(dialog).getByText('The link must start with http:// or https://')).toBeInTheDocument()
    await user.clear(within(dialog).getByRole('textbox', { name: 'Website' }))
    await user.click(within(dialog).getByRole('button', { name: 'Add hours on Monday' }))
    const closes = within(dialog).getByLabelText('Monday: closes (hours 1)')
    // A time input takes whole values (typing it key by key goes through invalid ones).
    fireEvent.change(closes, { target: { value: '07:00' } })
    expect(
      within(dialog).getByText('Monday: each time range must open before it closes.'),
    ).toBeInTheDocument()
    fireEvent.change(closes, { target: { value: '12:00' } })
    await user.click(within(dialog).getByRole('button', { name: 'Copy to every day: Monday’s hours' }))
    await user.click(within(dialog).getByRole('button', { name: 'Remove hours 1 on Sunday' }))
    await user.click(within(dialog).getByRole('button', { name: 'Remove hours 1 on Sunday' }))
    expect(within(dialog).getByText('Closed: Sunday')).toBeInTheDocument()
    // The summary reads the hours on the language's clock, as the time inputs show them (12 h in English).
    const summary = within(dialog).getByRole('region', { name: 'Week at a glance' })
    expect(summary.textContent).toMatch(/8:00\sAM–12:00\sPM/)
    expect(summary.textContent).not.toMatch(/08:00/)
    await user.click(within(dialog).getByRole('checkbox', { name: /Tag scanner/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Create the store' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const saved = b.api.save.mock.calls[0]![0]
    expect(saved.body.storeOpeningHours!.hours.mon).toEqual([
      { open: '08:00', close: '12:00' },
      { open: '19:00', close: '20:00' },
    ])
    expect(saved.body.storeOpeningHours!.hours.sun).toEqual([])
    expect(saved.settings).toEqual({ hasScannerEnabled: true, hasFullWebAppEnabled: false })
    expect(notices).toContain('success:store.messages.saved')
    expect((await names())[0]).toBe('Lille Gare')
    await waitFor(() => expect(api.loadAccount.mock.calls.length).toBe(loads + 1))
  }, 60_000)

  it('warns before closing with unsaved changes and confirms a delete', async () => {
    const { user, backend: b } = renderStores()
    await names()
    await user.click(screen.getByRole('button', { name: 'Edit Bordeaux' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bordeaux' })
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), ' Centre')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    const warn = await screen.findByRole('alertdialog', { name: 'Discard your changes?' })
    await user.click(within(warn).getByRole('button', { name: 'Keep editing' }))
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Bordeaux Centre')
    await user.click(within(dialog).getByRole('button', { name: 'Delete store' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Bordeaux Centre?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(b.api.remove).toHaveBeenCalled())
    await waitFor(async () => expect(await names()).toEqual(['Lyon Presqu’île', 'Paris Marais']))
  }, 60_000)

  it('suggests the cities near the typed coordinates and fills the city with the one chosen', async () => {
    const { user, backend: b } = renderStores()
    await names()
    await user.click(screen.getByRole('button', { name: 'New store' }))
    const dialog = await screen.findByRole('dialog', { name: 'New store' })
    const find = within(dialog).getByRole('button', { name: 'Suggest nearby cities' })
    expect(find).toBeDisabled()
    await user.type(within(dialog).getByRole('textbox', { name: 'Latitude' }), '50,6292')
    await user.type(within(dialog).getByRole('textbox', { name: 'Longitude' }), '3.0573')
    await user.click(find)
    const list = await within(dialog).findByRole('list', { name: 'Nearby cities' })
    expect(b.api.nearCities).toHaveBeenCalledWith({ lat: 50.6292, lng: 3.0573, distance: 15 })
    await user.click(within(list).getByRole('button', { name: 'Lambersart (3.2 km)' }))
    expect(within(dialog).getByRole('textbox', { name: 'City' })).toHaveValue('Lambersart')
    expect(within(dialog).queryByRole('list', { name: 'Nearby cities' })).not.toBeInTheDocument()
  }, 60_000)
})
