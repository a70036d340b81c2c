// The administration page in the signed-in app (real session, shell and admin merchants machine) on an
// in-memory back end.
import { screen, waitFor, within } from '@testing-library/react'
import mermaid from 'mermaid'
import type { ComponentType } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { adminMerchantsListMachine } from '../../machines/admin-merchants/admin-merchants.list'
import { merchantActionsMachine } from '../../machines/admin-merchants/admin-merchants-actions.machine'
import { franchisePanelMachine } from '../../machines/franchise-panel/franchise-panel.machine'
import * as dashboardStories from '../../stories/admin/AdminDashboard.stories'
import * as panelStories from '../../stories/admin/FranchisePanel.stories'
import { machineToMermaid } from '../../stories/support/machine-mermaid'
import { type Backend, createBackend, NEW_FRANCHISE, renderAdmin, rowsOf } from './admin-support'
import { renderUi } from './render'

let backend: Backend

describe('administration page', () => {
  beforeEach(() => {
    backend = createBackend()
  })

  it('lists merchants with their franchise link, subscription and counts', async () => {
    renderAdmin(backend)
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument()
    const rows = await rowsOf()
    expect(rows).toHaveLength(3)
    expect(screen.getByText('Merchants: 3')).toBeInTheDocument()
    const link = screen.getByRole('link', { name: 'Open the franchise panel of Maison Dupont' })
    expect(link).toHaveAttribute('href', '/pages/admin/franchise-panel/55555555-5555-4555-8555-000000000000')
    expect(within(rows[1]!).getByText('Inactive')).toBeInTheDocument()
    expect(within(rows[2]!).getByRole('cell', { name: '20' })).toBeInTheDocument()
  })

  it('searches and sorts through the address', async () => {
    const { user, location } = renderAdmin(backend)
    await rowsOf()
    await user.type(screen.getByRole('searchbox', { name: 'Search merchants' }), 'Dupont{Enter}')
    await waitFor(() => expect(location.current).toBe('/pages/admin/dashboard?filter=Dupont'))
    expect(await rowsOf()).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Merchant' }))
    await waitFor(() => expect(location.current).toBe('/pages/admin/dashboard?filter=Dupont&sort=email'))
    expect(backend.list).toHaveBeenLastCalledWith({
      filter: 'Dupont',
      page: 1,
      size: 10,
      sort: 'email',
      sortOrder: 'desc',
    })
    await user.clear(screen.getByRole('searchbox', { name: 'Search merchants' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search merchants' }), 'nobody{Enter}')
    expect(await screen.findByRole('heading', { name: 'No merchant found' })).toBeInTheDocument()
  })

  it('shows the HTTP status of a failure, and retries', async () => {
    backend.fail = 503
    const { user } = renderAdmin(backend)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The merchants could not be loaded (error 503).',
    )
    backend.fail = 0
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await rowsOf()).toHaveLength(3)
  })

  it('deactivates a subscription only after confirming, and cancelling changes nothing', async () => {
    const { user, notices } = renderAdmin(backend)
    await rowsOf()
    await user.click(
      screen.getByRole('button', { name: 'Deactivate the subscription of merchant0@shop.test' }),
    )
    let dialog = await screen.findByRole('alertdialog', { name: 'Deactivate the subscription?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(backend.setSubscription).not.toHaveBeenCalled()
    await user.click(
      screen.getByRole('button', { name: 'Deactivate the subscription of merchant0@shop.test' }),
    )
    dialog = await screen.findByRole('alertdialog', { name: 'Deactivate the subscription?' })
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }))
    await waitFor(() => expect(backend.setSubscription).toHaveBeenCalledWith(backend.rows[0]!.id, false))
    expect(
      await screen.findByRole('button', { name: 'Activate the subscription of merchant0@shop.test' }),
    ).toBeInTheDocument()
    expect(notices).toEqual(['success:admin.subscription.deactivated'])
  })

  it('connects as a merchant with the admin’s impostor token', async () => {
    const { user, actedAs } = renderAdmin(backend)
    await rowsOf()
    await user.click(screen.getByRole('button', { name: 'Connect as merchant2@shop.test' }))
    await waitFor(() => expect(actedAs).toHaveLength(1))
    expect(backend.encode.mock.calls[0]![0]).toBe(backend.rows[2]!.id)
    expect(backend.encode.mock.calls[0]![1]).toBeTruthy()
  })

  it('creates a franchise with its owner: validation, 409 on the e-mail, then a toast', async () => {
    const { user, notices } = renderAdmin(backend)
    await rowsOf()
    await user.click(screen.getByRole('button', { name: 'Create a franchise' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a franchise' })
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(within(dialog).getByText('The franchise name is required.')).toBeInTheDocument()
    expect(within(dialog).getByText("The owner's e-mail is required.")).toBeInTheDocument()
    expect(backend.create).not.toHaveBeenCalled()
    await user.type(within(dialog).getByRole('textbox', { name: /Franchise name/ }), 'Café Lumière')
    await user.type(within(dialog).getByRole('textbox', { name: /Owner's e-mail/ }), 'merchant0@shop.test')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await within(dialog).findByText('An account with this e-mail already exists.')).toBeInTheDocument()
    const email = within(dialog).getByRole('textbox', { name: /Owner's e-mail/ })
    await user.clear(email)
    await user.type(email, 'lumiere@shop.test{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(backend.create).toHaveBeenLastCalledWith({
      title: 'Café Lumière',
      codeAlpha3: 'FRA',
      email: 'lumiere@shop.test',
      displayName: '',
    })
    expect(notices).toEqual(['success:admin.create.success'])
  })
})

describe('administration page: franchises without an owner and for a merchant', () => {
  beforeEach(() => {
    backend = createBackend()
  })

  it('creates a franchise whose owner comes later, then opens its panel', async () => {
    backend.panel.owner = null
    backend.panel.franchise.name = 'Café Sans Maître'
    const { user, location, notices } = renderAdmin(backend)
    await rowsOf()
    await user.click(screen.getByRole('button', { name: 'Create a franchise' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a franchise' })
    expect(within(dialog).getByRole('radio', { name: 'Invite the owner now' })).toBeChecked()
    await user.click(within(dialog).getByRole('radio', { name: 'Create the owner later' }))
    expect(within(dialog).queryByRole('textbox', { name: /Owner's e-mail/ })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(within(dialog).getByText('The franchise name is required.')).toBeInTheDocument()
    await user.type(
      within(dialog).getByRole('textbox', { name: /Franchise name/ }),
      'Café Sans Maître{Enter}',
    )
    await waitFor(() => expect(location.current).toBe(`/pages/admin/franchise-panel/${NEW_FRANCHISE}`))
    expect(backend.createFranchise).toHaveBeenCalledWith(
      { title: 'Café Sans Maître', codeAlpha3: 'FRA', email: '', displayName: '' },
      undefined,
    )
    expect(backend.create).not.toHaveBeenCalled()
    expect(notices).toEqual(['success:admin.create.createdAlone'])
    const ownerArea = await screen.findByRole('region', { name: 'Owner' })
    expect(within(ownerArea).getByText('This franchise has no owner yet.')).toBeInTheDocument()
  })

  it('adds a franchise to a merchant from its row; a failure shows the generic error', async () => {
    backend.failCreateFranchise = true
    const { user, notices } = renderAdmin(backend)
    await rowsOf()
    await user.click(screen.getByRole('button', { name: 'Add a franchise for merchant2@shop.test' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a franchise' })
    expect(within(dialog).getByText('A new franchise owned by merchant2@shop.test.')).toBeInTheDocument()
    expect(within(dialog).queryByRole('textbox', { name: /e-mail/ })).not.toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: /Franchise name/ }), 'Franchise 2 bis{Enter}')
    expect(await within(dialog).findByText('An error occurred. Please try again.')).toBeInTheDocument()
    backend.failCreateFranchise = false
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(backend.createFranchise).toHaveBeenLastCalledWith(
      { title: 'Franchise 2 bis', codeAlpha3: 'FRA', email: '', displayName: '' },
      backend.rows[2]!.id,
    )
    expect(notices).toEqual(['success:admin.addFranchise.success'])
    // The list reloads: the merchant's row links both franchises.
    expect(
      await screen.findByRole('link', { name: 'Open the franchise panel of Franchise 2 bis' }),
    ).toHaveAttribute('href', `/pages/admin/franchise-panel/${NEW_FRANCHISE}`)
    expect(screen.getByRole('link', { name: 'Open the franchise panel of Franchise 2' })).toBeInTheDocument()
  })
})

describe('administration stories and diagrams', () => {
  type Stories = Record<string, { args?: Record<string, unknown> } | { default: unknown }>
  const cases = [dashboardStories, panelStories].flatMap((mod) => {
    const meta = (
      mod as unknown as { default: { component: ComponentType<never>; args: Record<string, unknown> } }
    ).default
    return Object.entries(mod as unknown as Stories)
      .filter(([name]) => name !== 'default')
      .map(([name, story]) => [name, meta, (story as { args?: Record<string, unknown> }).args ?? {}] as const)
  })

  it.each(cases)('%s renders with a heading', (_name, meta, args) => {
    const Page = meta.component as ComponentType<Record<string, unknown>>
    renderUi(<Page {...meta.args} {...args} />)
    expect(screen.getAllByRole('heading', { level: 1 }).length).toBeGreaterThan(0)
  })

  it('draws both machines for Mermaid', async () => {
    for (const machine of [adminMerchantsListMachine, merchantActionsMachine, franchisePanelMachine])
      await expect(mermaid.parse(machineToMermaid(machine))).resolves.toMatchObject({
        diagramType: 'stateDiagram',
      })
  })
})
