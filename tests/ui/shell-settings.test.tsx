import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/client'
import { chooseMenuItem, renderShell } from './shell-support'

const html = () => document.documentElement

async function openSettings(user: ReturnType<typeof renderShell>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Layout settings' }))
  return screen.findByRole('dialog', { name: 'Layout settings' })
}

describe('layout settings panel', () => {
  it('starts light, left to right, vertical, with animations', async () => {
    const { user } = renderShell()
    const panel = await openSettings(user)
    expect(within(panel).getByRole('radio', { name: 'Vertical' })).toBeChecked()
    expect(within(panel).getByRole('radio', { name: 'Light' })).toBeChecked()
    expect(within(panel).getByRole('radio', { name: 'Left to right' })).toBeChecked()
    expect(within(panel).getByRole('checkbox', { name: /Animations/ })).toBeChecked()
    expect(html()).toHaveAttribute('data-theme', 'light')
    expect(html()).toHaveAttribute('dir', 'ltr')
  })

  it('applies the dark theme, right-to-left and no animations to the document, and keeps them after a reload', async () => {
    const first = renderShell()
    const panel = await openSettings(first.user)
    await first.user.click(within(panel).getByText('Dark'))
    expect(html()).toHaveAttribute('data-theme', 'dark')
    expect(html()).toHaveClass('dark')
    await first.user.click(within(panel).getByText('Right to left'))
    expect(html()).toHaveAttribute('dir', 'rtl')
    await first.user.click(within(panel).getByText('Animations'))
    expect(html()).toHaveAttribute('data-animations', 'off')
    await waitFor(
      () =>
        expect(first.saves.at(-1)?.settings).toMatchObject({
          theme: 'dark',
          direction: 'rtl',
          animations: false,
        }),
      { timeout: 3000 },
    )
    // One save for the burst of changes (debounced).
    expect(first.saves).toHaveLength(1)
    first.unmount()
    resetDocumentOnly()

    renderShell()
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' })
    expect(html()).toHaveAttribute('data-theme', 'dark')
    expect(html()).toHaveAttribute('dir', 'rtl')
    expect(html()).toHaveAttribute('data-animations', 'off')
  })

  it('moves the navigation to a top bar in the horizontal layout', async () => {
    const { user, location } = renderShell()
    const panel = await openSettings(user)
    await user.click(within(panel).getByText('Horizontal'))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // No navbar to fold any more; the entries are in the top bar, groups in menus.
    expect(screen.queryByRole('button', { name: /^(Expand|Collapse) menu$/ })).not.toBeInTheDocument()
    const bar = screen.getByRole('navigation', { name: 'Main navigation' })
    expect(within(bar).getByRole('link', { name: /Dashboard/ })).toHaveAttribute('aria-current', 'page')
    await user.click(within(bar).getByRole('button', { name: /Client base/ }))
    await chooseMenuItem(user, /CRM clients/)
    await waitFor(() => expect(location.current).toBe('/pages/user/crm'))
    expect(localStorage.getItem('lb.layout')).toBe('horizontal')
  })

  it('keeps the local choice and tells the user when the account cannot be updated', async () => {
    const { user, toasts } = renderShell({
      saveSettings: async () => {
        throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached')
      },
    })
    const panel = await openSettings(user)
    await user.click(within(panel).getByText('Dark'))
    await waitFor(() => expect(toasts).toEqual(['preferences.saveError']), { timeout: 3000 })
    expect(html()).toHaveAttribute('data-theme', 'dark')
    expect(localStorage.getItem('lb.theme')).toBe('dark')
  })

  it('closes with Escape and gives focus back to its button', async () => {
    const { user } = renderShell()
    await openSettings(user)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.getByRole('button', { name: 'Layout settings' })).toHaveFocus())
  })
})

describe('quick panel', () => {
  it("shows today's date, the shortcuts and links to the visible entries", async () => {
    const { user, location } = renderShell()
    await user.click(await screen.findByRole('button', { name: 'Quick panel' }))
    const panel = await screen.findByRole('dialog', { name: 'Quick panel' })
    const today = new Date()
    const mm = String(today.getMonth() + 1).padStart(2, '0')
    const dd = String(today.getDate()).padStart(2, '0')
    expect(within(panel).getByText(`${mm}/${dd}/${today.getFullYear()}`)).toBeInTheDocument()
    // §9 default shortcuts: the contacts are the client list.
    const shortcuts = within(panel).getByRole('region', { name: 'Shortcuts' })
    expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Client list'])
    const links = within(panel).getByRole('region', { name: 'Quick links' })
    const names = within(links)
      .getAllByRole('link')
      .map((a) => a.textContent)
    // The owner's entries of this wave are there, once each.
    expect(names).toHaveLength(16)
    for (const name of ['Campaigns', 'News and happy hours', 'Offers calendar', 'Messages sent'])
      expect(
        names.filter((n) => n === name),
        name,
      ).toHaveLength(1)
    await user.click(within(links).getByRole('link', { name: 'Satisfaction' }))
    expect(location.current).toBe('/pages/satisfaction')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})

/** A reload gets a fresh <html>; local storage stays. */
function resetDocumentOnly() {
  for (const a of ['lang', 'dir', 'data-theme', 'data-animations', 'class']) html().removeAttribute(a)
}
