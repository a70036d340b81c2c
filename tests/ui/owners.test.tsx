// The owners page in the signed-in app (real session, shell and owners machine) on an in-memory back end.
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { ownersListMachine } from '../../machines/owners/owners.list'
import { ownersActionsMachine } from '../../machines/owners/owners-actions.machine'
import { ApiError } from '../../src/api/client'
import type { OwnerFormValues, OwnerPage, OwnerRow } from '../../src/domain/owners'
import { AppEffectsProvider } from '../../src/ui/effects/app-effects'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { routerEffects } from '../support/router-effects'
import { renderShell, storeOwner } from './shell-support'

const STORE_1 = '22222222-2222-4222-8222-000000000001'

function createBackend(count = 3) {
  const rows: OwnerRow[] = Array.from({ length: count }, (_, i) => ({
    id: `44444444-4444-4444-8444-00000000000${i}`,
    email: `owner${i}@shop.test`,
    displayName: `Owner ${i}`,
    stores: [{ id: STORE_1, name: 'Maison Dupont 1' }],
    createdAt: '2026-11-01T10:00:00.000Z',
    hasPassword: i % 2 === 0,
    status: i % 2 === 0 ? 'active' : 'invited',
  }))
  return {
    rows,
    fail: false,
    list: vi.fn(async function (
      this: void,
      q: { search: string; page: number; size: number },
    ): Promise<OwnerPage> {
      if (backend.fail) throw new ApiError(500, 'INTERNAL_ERROR', 'down')
      const found = rows.filter((r) => r.email.includes(q.search) || r.displayName.includes(q.search))
      return {
        data: found.slice((q.page - 1) * q.size, q.page * q.size),
        metadata: { page: q.page, size: q.size, total: found.length },
      }
    }),
    create: vi.fn(async (v: OwnerFormValues): Promise<OwnerRow> => {
      if (rows.some((r) => r.email === v.email.trim())) throw new ApiError(409, 'OWNER_EMAIL_EXISTS', 'taken')
      const row: OwnerRow = {
        id: `55555555-5555-4555-8555-00000000000${rows.length}`,
        email: v.email.trim(),
        displayName: v.displayName,
        stores: v.storeIds.map((id) => ({ id, name: id === STORE_1 ? 'Maison Dupont 1' : 'Other' })),
        createdAt: new Date().toISOString(),
        hasPassword: false,
        status: 'invited',
      }
      rows.unshift(row)
      return row
    }),
    updateStores: vi.fn(async (id: string, storeIds: string[]): Promise<OwnerRow> => {
      const row = rows.find((r) => r.id === id)!
      row.stores = storeIds.map((sid) => ({
        id: sid,
        name: sid === STORE_1 ? 'Maison Dupont 1' : 'Maison Dupont 2',
      }))
      return row
    }),
    resend: vi.fn(async (id: string) => rows.find((r) => r.id === id)!),
    unlink: vi.fn(async (id: string) => {
      rows.splice(
        rows.findIndex((r) => r.id === id),
        1,
      )
    }),
  }
}
let backend: ReturnType<typeof createBackend>

function renderOwners({
  path = '/pages/owners',
  as,
}: {
  path?: string
  as?: NonNullable<Parameters<typeof renderShell>[0]>['as']
} = {}) {
  const notices: string[] = []
  const { effects, attach } = routerEffects(notices)
  const machines = [
    ownersListMachine.provide({
      actors: {
        loadPage: fromPromise(async ({ input }) => ({
          requestId: input.requestId,
          page: await backend.list(input.query),
        })),
      },
    }),
    ownersActionsMachine.provide({
      actors: {
        createOwner: fromPromise(({ input }) => backend.create(input.values)),
        unlinkOwner: fromPromise(({ input }) => backend.unlink(input.id)),
        updateOwnerStores: fromPromise(({ input }) => backend.updateStores(input.id, input.storeIds)),
        resendInvitation: fromPromise(({ input }) => backend.resend(input.id)),
      },
    }),
  ]
  const app = renderShell({
    path,
    ...(as ? { as } : {}),
    wrap: (routes) => (
      <AppEffectsProvider value={effects}>
        <ProvidedMachines machines={machines}>{routes}</ProvidedMachines>
      </AppEffectsProvider>
    ),
  })
  attach(app)
  return { ...app, notices }
}

const table = () => screen.findByRole('table', { name: 'Store owners' })
async function emails() {
  const t = await table()
  await waitFor(() => expect(t).not.toHaveAttribute('aria-busy'))
  return within(t)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent)
}

describe('owners page', () => {
  beforeEach(() => {
    backend = createBackend()
  })

  it('lists the store owners with their stores and invitation state', async () => {
    renderOwners()
    expect(await screen.findByRole('heading', { level: 1, name: 'Store owners' })).toBeInTheDocument()
    expect(await emails()).toHaveLength(3)
    expect(screen.getByText('3 store owners')).toBeInTheDocument()
    expect(screen.getAllByText('Invitation sent')).toHaveLength(1)
    expect(screen.getAllByText('Active')).toHaveLength(2)
  })

  it('searches through the address, and tells when nothing matches', async () => {
    const { user, location } = renderOwners()
    await emails()
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'owner1{Enter}')
    await waitFor(() => expect(location.current).toBe('/pages/owners?search=owner1'))
    expect(await emails()).toEqual(['Owner 1owner1@shop.test'])
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody{Enter}')
    expect(await screen.findByRole('heading', { name: 'No store owner found' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear the search' }))
    await waitFor(() => expect(location.current).toBe('/pages/owners'))
  })

  it('opens on the page the address names', async () => {
    backend = createBackend(25)
    renderOwners({ path: '/pages/owners?page=2' })
    expect(await emails()).toHaveLength(5)
    expect(backend.list).toHaveBeenLastCalledWith({ search: '', page: 2, size: 20 })
  })

  it('shows a load failure with a retry', async () => {
    backend.fail = true
    const { user } = renderOwners()
    expect(await screen.findByRole('alert')).toHaveTextContent('The store owners could not be loaded.')
    backend.fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await emails()).toHaveLength(3)
  })

  it('creates an owner: validates, shows the 409 message on the e-mail, then toasts and reloads', async () => {
    const { user, notices } = renderOwners()
    await emails()
    await user.click(screen.getByRole('button', { name: 'Add a store owner' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a store owner' })
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }))
    expect(within(dialog).getByText('Enter an e-mail address.')).toBeInTheDocument()
    expect(within(dialog).getByText('Choose at least one store.')).toBeInTheDocument()
    expect(backend.create).not.toHaveBeenCalled()
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'owner0@shop.test')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Maison Dupont 1' }))
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }))
    expect(await within(dialog).findByText('An owner with this e-mail already exists.')).toBeInTheDocument()
    const email = within(dialog).getByRole('textbox', { name: /E-mail/ })
    await user.clear(email)
    await user.type(email, 'new@shop.test{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(backend.create).toHaveBeenLastCalledWith({
      email: 'new@shop.test',
      displayName: '',
      storeIds: [STORE_1],
    })
    expect(notices).toEqual(['success:ownersManagement.create.success'])
    await waitFor(async () => expect(await emails()).toHaveLength(4))
  })

  it('asks before removing an owner, and cancelling keeps it', async () => {
    const { user, notices } = renderOwners()
    await emails()
    const target = backend.rows.find((r) => r.email === 'owner1@shop.test')!.id
    await user.click(screen.getByRole('button', { name: 'Remove owner1@shop.test' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this store owner?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(backend.unlink).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Remove owner1@shop.test' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(backend.unlink).toHaveBeenCalledWith(target))
    expect(notices).toEqual(['success:ownersManagement.unlink.success'])
    await waitFor(async () => expect(await emails()).toHaveLength(2))
  })

  it('changes an owner’s stores, and resends an invitation only while it is unused', async () => {
    const { user, notices } = renderOwners()
    await emails()
    const owner1 = backend.rows.find((r) => r.email === 'owner1@shop.test')!
    // owner0 and owner2 have set their password: nothing to resend.
    expect(screen.queryByRole('button', { name: 'Resend the invitation to owner0@shop.test' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Resend the invitation to owner1@shop.test' }))
    await waitFor(() => expect(backend.resend).toHaveBeenCalledWith(owner1.id))
    await waitFor(() => expect(notices).toContain('success:ownersManagement.resend.success'))

    await user.click(screen.getByRole('button', { name: 'Change the stores of owner1@shop.test' }))
    const dialog = await screen.findByRole('dialog', { name: 'Stores of Owner 1' })
    const first = within(dialog).getByRole('checkbox', { name: 'Maison Dupont 1' })
    expect(first).toBeChecked()
    await user.click(first)
    await user.click(within(dialog).getByRole('button', { name: 'Save the stores' }))
    expect(within(dialog).getByText('Choose at least one store.')).toBeInTheDocument()
    expect(backend.updateStores).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('checkbox', { name: 'Maison Dupont 2' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save the stores' }))
    await waitFor(() => expect(backend.updateStores).toHaveBeenCalledWith(owner1.id, [expect.any(String)]))
    expect(backend.updateStores.mock.calls[0]![1][0]).not.toBe(STORE_1)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(notices).toContain('success:ownersManagement.stores.success')
    await waitFor(() => expect(screen.getByRole('cell', { name: 'Maison Dupont 2' })).toBeInTheDocument())
  }, 60_000)

  it('tells a store owner to contact the franchise manager, and asks for nothing', async () => {
    renderOwners({ as: storeOwner() })
    expect(
      await screen.findByRole('heading', { name: 'Store owners are managed by the franchise manager' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Contact your franchise manager.')
    expect(backend.list).not.toHaveBeenCalled()
    // The navigation does not offer the page to a store owner.
    expect(screen.queryByRole('link', { name: 'Store owners' })).not.toBeInTheDocument()
  })
})
