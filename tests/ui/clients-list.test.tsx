import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/client'
import { clientId, createClientsBackend, STORE_2 } from '../support/clients-backend'
import { chooseOptions, renderClients } from './clients-support'

const table = () => screen.findByRole('table', { name: /^Clients, (sorted by|triés par)/ })
/** The client names of the rows shown, in order. */
async function names() {
  const t = await table()
  await waitFor(() => expect(t).not.toHaveAttribute('aria-busy'))
  return within(t)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('link').textContent)
}
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) })

describe('client list page', () => {
  it('opens on the §9 defaults: 5 rows sorted by last visit, newest first, with every column', async () => {
    const { backend } = renderClients()
    expect(await screen.findByRole('heading', { level: 1, name: 'Client list' })).toBeInTheDocument()
    expect(await names()).toHaveLength(5)
    expect(backend.list).toHaveBeenLastCalledWith(
      expect.objectContaining({ page: 1, size: 5, sort: 'lastVisit', order: 'desc', store: null }),
    )
    expect(screen.getByRole('heading', { level: 1 }).nextSibling).toHaveTextContent('12 clients')
    expect(header('Last visit')).toHaveAttribute('aria-sort', 'descending')
    // Contact, client type and acquired-from are not sortable: no button in their header.
    for (const name of ['Contact', 'Client type', 'Acquired from'])
      expect(within(header(name)).queryByRole('button')).not.toBeInTheDocument()
    for (const name of ['Points', 'Total collected', 'Visits', 'Last visit', 'Average basket'])
      expect(within(header(name)).getByRole('button', { name })).toBeInTheDocument()
    expect(screen.getByText('1–5 of 12')).toBeInTheDocument()
    const row = within(await table()).getAllByRole('row')[1]!
    expect(within(row).getByText(/^(Lost|New|Regular)$/)).toBeInTheDocument()
    expect(within(row).getByText(/^€\d+\.\d\d$/)).toBeInTheDocument()
    expect(within(row).getByText(/^\d\d\/\d\d\/\d{4}$/)).toBeInTheDocument()
  })

  it('sorts a new column descending, toggles it on a second click, and keeps it in the address', async () => {
    const { user, location, backend } = renderClients()
    await names()
    await user.click(within(header('Points')).getByRole('button'))
    await waitFor(() => expect(header('Points')).toHaveAttribute('aria-sort', 'descending'))
    expect(header('Last visit')).not.toHaveAttribute('aria-sort')
    expect(location.current).toBe('/pages/user/clients?sort=points')
    const desc = await names()
    await user.click(within(header('Points')).getByRole('button'))
    await waitFor(() => expect(header('Points')).toHaveAttribute('aria-sort', 'ascending'))
    expect(location.current).toBe('/pages/user/clients?sort=points&order=asc')
    const asc = await names()
    expect(asc).not.toEqual(desc)
    expect(backend.list).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'points', order: 'asc' }))
  })

  it('pages through the list and changes the page size, back to the first page', async () => {
    const { user, location } = renderClients()
    const first = await names()
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'),
    )
    expect(location.current).toBe('/pages/user/clients?page=2')
    const second = await names()
    expect(second).not.toEqual(first)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(screen.getByText('11–12 of 12')).toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '10')
    await waitFor(() => expect(location.current).toBe('/pages/user/clients?rowsPerPage=10'))
    expect(await names()).toHaveLength(10)
  })

  it('filters by client type and acquisition source (several values), resets the page, then resets all', async () => {
    const { user, location, backend } = renderClients({ path: '/pages/user/clients?page=2' })
    await names()
    await chooseOptions(user, screen.getByRole('combobox', { name: 'Client type' }), ['Lost', 'New'])
    await waitFor(() =>
      expect(location.current).toBe('/pages/user/clients?clientType=LOST_CUSTOMER&clientType=NEW_CUSTOMER'),
    )
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1)
    for (const row of rows) expect(within(row).getByText(/^(Lost|New)$/)).toBeInTheDocument()
    await chooseOptions(user, screen.getByRole('combobox', { name: 'Acquired from' }), ['Store'])
    await waitFor(() => expect(location.current).toContain('acquiredFrom=STORE'))
    expect(backend.list).toHaveBeenLastCalledWith(
      expect.objectContaining({
        page: 1,
        acquiredFrom: ['STORE'],
        clientType: ['LOST_CUSTOMER', 'NEW_CUSTOMER'],
      }),
    )
    await user.click(screen.getByRole('button', { name: 'Reset' }))
    await waitFor(() => expect(location.current).toBe('/pages/user/clients'))
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled()
    expect(await names()).toHaveLength(5)
  })

  it('lists one store’s clients when a store is chosen', async () => {
    const { user, location, backend } = renderClients()
    await names()
    await chooseOptions(user, screen.getByRole('combobox', { name: 'Store' }), ['Maison Dupont 2'])
    await waitFor(() => expect(location.current).toBe(`/pages/user/clients?store=${STORE_2}`))
    expect(backend.list).toHaveBeenLastCalledWith(expect.objectContaining({ store: STORE_2 }))
    expect(await screen.findByText('1–5 of 6')).toBeInTheDocument()
  })

  it('searches once the typing pauses, then Enter applies at once', async () => {
    const { user, location, backend } = renderClients()
    await names()
    const calls = backend.list.mock.calls.length
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'dupont')
    await waitFor(() => expect(location.current).toBe('/pages/user/clients?search=dupont'))
    // Typing six letters made one request.
    expect(backend.list.mock.calls.length).toBe(calls + 1)
    expect(await names()).toEqual(['Marie Dupont'])
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'martin{Enter}')
    await waitFor(() => expect(location.current).toBe('/pages/user/clients?search=martin'))
    expect(await names()).toEqual(['Lucas Martin'])
  })

  it('reopens an address with its query: sort, order and page come back', async () => {
    renderClients({ path: '/pages/user/clients?page=2&sort=visitCount&order=asc&acquiredFrom=STORE' })
    await names()
    expect(header('Visits')).toHaveAttribute('aria-sort', 'ascending')
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('combobox', { name: 'Acquired from' })).toHaveTextContent('Store')
  })

  it('follows the address when it changes under the page (back and forward)', async () => {
    const { location } = renderClients()
    await names()
    location.navigate('/pages/user/clients?page=3')
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page'),
    )
    expect(await names()).toHaveLength(2)
  })

  it('opens a client from its row', async () => {
    const { user, location } = renderClients()
    const [first] = await names()
    await user.click(screen.getByRole('link', { name: first! }))
    await waitFor(() => expect(location.current).toMatch(/^\/pages\/user\/clients\/[0-9a-f-]{36}$/))
    expect(await screen.findByRole('heading', { level: 1, name: first! })).toBeInTheDocument()
  })

  it('says "no clients yet" for an empty base, and "no result" for filters that match nobody', async () => {
    const { user } = renderClients({ backend: createClientsBackend(0) })
    expect(await screen.findByRole('heading', { name: 'No clients yet' })).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    await chooseOptions(user, screen.getByRole('combobox', { name: 'Client type' }), ['Lost'])
    expect(await screen.findByRole('heading', { name: 'No result for these filters' })).toBeInTheDocument()
  })

  it('shows the error with a retry when the list cannot be loaded', async () => {
    const backend = createClientsBackend()
    const list = backend.list
    let fail = true
    backend.list = async (q) => {
      if (fail) throw new ApiError(0, 'NETWORK_ERROR', 'offline')
      return list(q)
    }
    const { user } = renderClients({ backend })
    expect(await screen.findByRole('alert')).toHaveTextContent('The clients could not be loaded.')
    expect(screen.getByText('0 clients')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await names()).toHaveLength(5)
  })

  it('offers to create the client searched for, then opens it', async () => {
    const { user, location, notices, backend } = renderClients({
      path: '/pages/user/clients?search=0611111111',
    })
    expect(await screen.findByText('No result found, you can create an account.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Create the client' }))
    const dialog = await screen.findByRole('dialog', { name: 'New client' })
    expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toHaveValue('0611111111')
    await user.click(within(dialog).getByRole('button', { name: 'Create the client' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /First name/ })).toHaveAccessibleErrorMessage(
        'This field is required.',
      ),
    )
    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Inès')
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Roux')
    // The gender is the design system's native select (src/ui/NativeSelect).
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Gender' }), 'Woman')
    await user.click(within(dialog).getByRole('button', { name: 'Create the client' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Inès Roux' })).toBeInTheDocument()
    expect(location.current).toBe(`/pages/user/clients/${clientId(100)}`)
    expect(backend.create).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({
        firstName: 'Inès',
        phone: '+33611111111',
        gender: 'female',
        storeId: expect.any(String),
      }),
    )
    expect(notices).toContain('success:pages.clients.createClient.success')
  })

  it('speaks French: headers, dates DD/MM/YYYY and amounts with a comma', async () => {
    renderClients({ locale: 'fr', path: '/pages/user/clients?search=dupont' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Liste des clients' })).toBeInTheDocument()
    expect(await names()).toEqual(['Marie Dupont'])
    expect(header('Dernière visite')).toHaveAttribute('aria-sort', 'descending')
    const row = within(await table()).getAllByRole('row')[1]!
    // Last visit 2026-11-06, average basket 15,65 €.
    expect(within(row).getByText('06/11/2026')).toBeInTheDocument()
    expect(within(row).getByText(/^15,65\s€$/)).toBeInTheDocument()
    expect(within(row).getByText('Régulier')).toBeInTheDocument()
  })

  it('shows the same row in English with MM/DD/YYYY and a dot', async () => {
    renderClients({ path: '/pages/user/clients?search=dupont' })
    expect(await names()).toEqual(['Marie Dupont'])
    const row = within(await table()).getAllByRole('row')[1]!
    expect(within(row).getByText('11/06/2026')).toBeInTheDocument()
    expect(within(row).getByText('€15.65')).toBeInTheDocument()
  })

  it('on a phone: one card per client (name, points, last visit) and the filters behind a button', async () => {
    // A window below the md breakpoint (jsdom has no matchMedia: the table shows by default).
    const narrow = (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList
    window.matchMedia = narrow
    try {
      renderClients()
      const cards = await screen.findByRole('list', { name: 'Client list' })
      await waitFor(() => expect(within(cards).getAllByRole('listitem')).toHaveLength(5))
      expect(screen.queryByRole('table')).not.toBeInTheDocument()
      const card = within(cards).getAllByRole('listitem')[0]!
      expect(within(card).getByRole('link')).toHaveAttribute(
        'href',
        expect.stringMatching(/^\/pages\/user\/clients\//),
      )
      expect(within(card).getByText(/^\d+ points?$/)).toBeInTheDocument()
      expect(within(card).getByText(/^Last visit: \d\d\/\d\d\/\d{4}$/)).toBeInTheDocument()
      const toggle = screen.getByRole('button', { name: 'Filters' })
      expect(toggle).toHaveAttribute('aria-expanded', 'false')
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia
    }
  })
})
