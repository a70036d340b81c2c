// The franchise panel page in the signed-in app (real session, shell and franchise panel machine) on an
// in-memory back end (tests/ui/admin-support.tsx).
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { type Backend, createBackend, FRANCHISE, renderAdmin, rowsOf } from './admin-support'

let backend: Backend

describe('franchise panel page', () => {
  beforeEach(() => {
    backend = createBackend()
  })

  it('opens from the merchant list and shows details, counts, stores and the audit log', async () => {
    const { user, location } = renderAdmin(backend)
    await rowsOf()
    await user.click(screen.getByRole('link', { name: 'Open the franchise panel of Maison Dupont' }))
    await waitFor(() => expect(location.current).toBe(`/pages/admin/franchise-panel/${FRANCHISE}`))
    expect(await screen.findByRole('heading', { level: 1, name: 'Maison Dupont' })).toBeInTheDocument()
    const details = screen.getByRole('region', { name: 'Details' })
    expect(within(details).getByText('1,234')).toBeInTheDocument()
    expect(within(details).getByText('56')).toBeInTheDocument()
    const audit = await screen.findByRole('table', { name: 'Audit log' })
    const row = within(audit).getAllByRole('row')[1]!
    expect(within(row).getByText('admin@demo.test')).toBeInTheDocument()
    // A sentence, not the raw route (issue 24).
    expect(within(row).getByText('Changed: loyalties › points')).toBeInTheDocument()
  })

  it('toggles GAME, a store setting and the loyalty type', async () => {
    const { user, notices } = renderAdmin(backend, `/pages/admin/franchise-panel/${FRANCHISE}`)
    const game = await screen.findByRole('switch', { name: 'Games (gift wheel)' })
    expect(game).not.toBeChecked()
    await user.click(game)
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Games (gift wheel)' })).toBeChecked())
    expect(backend.applyChange).toHaveBeenLastCalledWith({
      kind: 'feature',
      feature: 'GAME',
      isEnabled: true,
    })
    await user.click(screen.getByRole('switch', { name: 'Tag scanner for Paris' }))
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Tag scanner for Paris' })).toBeChecked())
    await user.selectOptions(screen.getByRole('combobox', { name: /Loyalty type/ }), 'MANUAL_AMOUNT')
    await waitFor(() =>
      expect(backend.applyChange).toHaveBeenLastCalledWith({
        kind: 'loyaltyType',
        loyaltyType: 'MANUAL_AMOUNT',
      }),
    )
    expect(notices).toEqual([
      'success:admin.panel.saved',
      'success:admin.panel.saved',
      'success:admin.panel.saved',
    ])
  })

  it('creates the owner of a franchise that has none, and shows it', async () => {
    backend.panel.owner = null
    const { user, notices } = renderAdmin(backend, `/pages/admin/franchise-panel/${FRANCHISE}`)
    const ownerArea = await screen.findByRole('region', { name: 'Owner' })
    expect(within(ownerArea).getByText('This franchise has no owner yet.')).toBeInTheDocument()
    await user.click(within(ownerArea).getByRole('button', { name: 'Create the owner' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create the owner' })
    await user.click(within(dialog).getByRole('button', { name: 'Create and invite' }))
    expect(within(dialog).getByText("The owner's e-mail is required.")).toBeInTheDocument()
    const email = within(dialog).getByRole('textbox', { name: /Owner's e-mail/ })
    await user.type(email, 'merchant1@shop.test{Enter}')
    expect(await within(dialog).findByText('An account with this e-mail already exists.')).toBeInTheDocument()
    await user.clear(email)
    await user.type(email, 'zoe@shop.test')
    await user.type(within(dialog).getByRole('textbox', { name: /Owner's name/ }), 'Zoé')
    await user.click(within(dialog).getByRole('button', { name: 'Create and invite' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(backend.createOwner).toHaveBeenLastCalledWith(FRANCHISE, {
      email: 'zoe@shop.test',
      displayName: 'Zoé',
    })
    const owned = screen.getByRole('region', { name: 'Owner' })
    expect(within(owned).getByText('zoe@shop.test')).toBeInTheDocument()
    expect(within(owned).queryByRole('button', { name: 'Create the owner' })).not.toBeInTheDocument()
    expect(notices).toEqual(['success:admin.owner.created'])
  })

  it('checks the sender name by the rules, then on the server, then saves it', async () => {
    const { user } = renderAdmin(backend, `/pages/admin/franchise-panel/${FRANCHISE}`)
    await user.click(await screen.findByRole('button', { name: 'Edit sender name' }))
    const dialog = await screen.findByRole('dialog')
    const field = within(dialog).getByRole('textbox')
    await user.type(field, 'a b')
    expect(within(dialog).getByText('The sender name cannot contain spaces.')).toBeInTheDocument()
    await user.clear(field)
    await user.type(field, 'TAKEN{Enter}')
    await waitFor(() => expect(backend.checkSender).toHaveBeenCalledWith('TAKEN'))
    expect(backend.saveSender).not.toHaveBeenCalled()
    await user.clear(field)
    await user.type(field, 'DUPONT{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(backend.saveSender).toHaveBeenCalledWith(FRANCHISE, 'DUPONT')
    expect(screen.getByText('DUPONT')).toBeInTheDocument()
  })
})
