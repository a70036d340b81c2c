import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ALL_STORES } from '../../src/domain/franchise'
import { chooseMenuItem, manualAmountOwner, renderShell, storeOwner } from './shell-support'

const STORE_2 = '22222222-2222-4222-8222-000000000002'

describe('shell toolbar', () => {
  it('changes the current store with the store selector', async () => {
    const { user, session } = renderShell()
    const selector = await screen.findByRole('combobox', { name: 'Current store' })
    expect(selector).toHaveTextContent('Maison Dupont 1')
    // Keyboard: open, move to the next store, choose it.
    selector.focus()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('option', { name: 'Maison Dupont 2' })).toBeInTheDocument()
    await user.keyboard('{ArrowDown}{Enter}')
    expect(session().getSnapshot().context.currentStoreId).toBe(STORE_2)
    await waitFor(() => expect(selector).toHaveTextContent('Maison Dupont 2'))
  })

  it('offers "All stores" to a franchise owner with several stores, and remembers it', async () => {
    const { user, session } = renderShell()
    const selector = await screen.findByRole('combobox', { name: 'Current store' })
    await user.click(selector)
    const options = await screen.findAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['All stores', 'Maison Dupont 1', 'Maison Dupont 2'])
    await user.click(screen.getByRole('option', { name: 'All stores' }))
    await waitFor(() => expect(selector).toHaveTextContent('All stores'))
    expect(session().getSnapshot().context.currentStoreId).toBe(ALL_STORES)
    // No store, no store dialog: the scanner waits for a store to be chosen.
    expect(screen.queryByRole('button', { name: 'Scanner' })).not.toBeInTheDocument()
  })

  it('keeps a store owner on their store: no "All stores", even when saved', async () => {
    const { user } = renderShell({ as: storeOwner(), currentStoreId: ALL_STORES })
    const selector = await screen.findByRole('combobox', { name: 'Current store' })
    expect(selector).toHaveTextContent('Maison Dupont 2')
    await user.click(selector)
    const options = await screen.findAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['Maison Dupont 2'])
  })

  it('hides the store selector under the stores and administration areas', async () => {
    renderShell({ path: '/pages/stores/all' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Stores' })).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Current store' })).not.toBeInTheDocument()
  })

  it('offers the create-sale dialog only to a manual-amount franchise, for the current store', async () => {
    const passage = renderShell()
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' })
    expect(screen.queryByRole('button', { name: 'Create a sale' })).not.toBeInTheDocument()
    passage.unmount()

    const { user } = renderShell({ as: manualAmountOwner() })
    await user.click(await screen.findByRole('button', { name: 'Create a sale' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a sale' })
    expect(within(dialog).getByText('For Maison Dupont 1')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('offers the scanner only while the current store has it enabled', async () => {
    const { user } = renderShell()
    await user.click(await screen.findByRole('button', { name: 'Scanner' }))
    const dialog = await screen.findByRole('dialog', { name: 'Scanner' })
    expect(within(dialog).getByText('For Maison Dupont 1')).toBeInTheDocument()
    // Escape once the dialog has taken the focus (its layer listens from then on), as a person would:
    // pressed sooner, on a loaded machine, it reached nothing and the dialog stayed open.
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    // Pointer: open, hover the other store, click it.
    await user.click(screen.getByRole('combobox', { name: 'Current store' }))
    const other = await screen.findByRole('option', { name: 'Maison Dupont 2' })
    await user.hover(other)
    await user.click(other)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Scanner' })).not.toBeInTheDocument())
  })

  it('switches the interface to French and back with the language menu', async () => {
    const { user } = renderShell()
    await user.click(await screen.findByRole('button', { name: 'EN, language: English' }))
    await user.click(await screen.findByRole('menuitemradio', { name: 'Français' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('fr')
    expect(localStorage.getItem('lb.language')).toBe('fr')

    await user.click(screen.getByRole('button', { name: 'FR, langue : Français' }))
    await user.click(await screen.findByRole('menuitemradio', { name: 'English' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('en')
  })

  it('shows the user and role label, and logs out from the user menu', async () => {
    const { user, location, session } = renderShell()
    // Its name starts with the name and role it shows (WCAG 2.5.3, axe label-content-name-mismatch).
    const menu = await screen.findByRole('button', { name: 'Someone, Franchise owner: account menu' })
    // As words, not glued ("SomeoneFranchise owner" is what axe found missing from the name).
    expect(menu.textContent).toBe('Someone Franchise owner')
    await user.click(menu)
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument()
    expect(screen.queryByRole('menuitem', { name: 'Administration' })).not.toBeInTheDocument()
    await chooseMenuItem(user, 'Log out')
    await waitFor(() => expect(location.current).toBe('/login'))
    expect(session().getSnapshot().matches('signedIn')).toBe(false)
  })

  it('opens the profile from the user menu', async () => {
    const { user, location } = renderShell()
    await user.click(await screen.findByRole('button', { name: /account menu$/ }))
    await chooseMenuItem(user, 'Profile')
    expect(location.current).toBe('/pages/profile')
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument()
  })

  it('shows an admin the administration item and the admin role label', async () => {
    const { user, location } = renderShell({ as: 'admin', path: '/pages/admin/franchise-panel/7' })
    await user.click(await screen.findByRole('button', { name: 'Someone, Admin: account menu' }))
    expect(screen.queryByRole('menuitem', { name: 'Profile' })).not.toBeInTheDocument()
    await chooseMenuItem(user, 'Administration')
    expect(location.current).toBe('/pages/admin/dashboard')
    // An admin has no stores: no selector.
    expect(screen.queryByRole('combobox', { name: 'Current store' })).not.toBeInTheDocument()
  })

  it('says when an admin acts as a merchant, with the way back to administration', async () => {
    const { user, effects } = renderShell({ as: 'impostor' })
    expect(await screen.findByText('Acting as Someone')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Back to administration' }))
    expect(effects.pageLoads).toEqual(['/pages/admin/dashboard'])
  })

  it('has a footer with the support contact and the company line', async () => {
    renderShell()
    const footer = await screen.findByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: /Contact support/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:support@/),
    )
    expect(within(footer).getByText(/All rights reserved/)).toBeInTheDocument()
  })
})
