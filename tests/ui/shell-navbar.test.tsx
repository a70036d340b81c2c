import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderShell, storeOwner } from './shell-support'

const sidebar = () => screen.getByRole('navigation', { name: 'Main navigation' })
const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((a) => a.getAttribute('aria-label') ?? a.textContent?.trim())

describe('shell navbar', () => {
  it('shows the owner its entries, the current one marked, folded by default', async () => {
    renderShell({ path: '/pages/user/clients/42' })
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' })
    expect(linkNames(nav)).toEqual([
      'Loyalty back-office: home',
      'Dashboard',
      'Client list',
      'CRM clients',
      'Loyalty',
      'Campaigns',
      'News and happy hours',
      'Offers calendar',
      'Automated marketing',
      'E-marketing',
      'Messages sent',
      'Games',
      'Satisfaction',
      'Profile',
      'Stores',
      'Franchise',
      'Store owners',
    ])
    expect(within(nav).getByRole('link', { name: 'Client list' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current')
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false')
    // The client's page, inside the shell, leads back to the list (once its lazy chunk has resumed).
    expect(
      await within(screen.getByRole('main')).findByRole('link', { name: 'Client list' }),
    ).toBeInTheDocument()
  })

  it('shows a store owner no full-access entry', async () => {
    renderShell({ as: storeOwner() })
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' })
    expect(linkNames(nav)).toEqual([
      'Loyalty back-office: home',
      'Dashboard',
      'Client list',
      'Loyalty',
      'Campaigns',
      'News and happy hours',
      'Offers calendar',
      'Games',
      'Satisfaction',
      'Profile',
      'Stores',
    ])
  })

  it('shows an admin administration only', async () => {
    renderShell({ as: 'admin', path: '/pages/admin/dashboard' })
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' })
    expect(linkNames(nav)).toEqual(['Loyalty back-office: home', 'Administration'])
    expect(within(nav).getByRole('link', { name: 'Administration' })).toHaveAttribute('aria-current', 'page')
  })

  it('unfolds and folds; the choice survives a reload and is saved to the account', async () => {
    const first = renderShell()
    const toggle = await screen.findByRole('button', { name: 'Expand menu' })
    await first.user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    // Named by the words it now shows (WCAG 2.5.3).
    expect(toggle).toHaveAccessibleName('Collapse menu')
    expect(toggle).toHaveTextContent('Collapse menu')
    expect(localStorage.getItem('lb.navbarFolded')).toBe('false')
    await waitFor(() => expect(first.saves.at(-1)?.settings).toMatchObject({ navbarFolded: false }), {
      timeout: 3000,
    })
    first.unmount()

    const reloaded = renderShell()
    const again = await screen.findByRole('button', { name: 'Collapse menu' })
    expect(again).toHaveAttribute('aria-expanded', 'true')
    await reloaded.user.click(again)
    expect(again).toHaveAttribute('aria-expanded', 'false')
    expect(localStorage.getItem('lb.navbarFolded')).toBe('true')
  })

  it('follows a link to another section without leaving the shell', async () => {
    const { user, location } = renderShell()
    await user.click(await screen.findByRole('link', { name: 'Automated marketing' }))
    expect(location.current).toBe('/pages/marketing/list')
    // The section's own page (issue 20) loads inside the shell: the navigation stays, on its entry.
    await waitFor(() =>
      expect(within(sidebar()).getByRole('link', { name: 'Automated marketing' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    )
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument()
  })

  it('opens the small-screen drawer from the toolbar and closes it with Escape or a link', async () => {
    const { user, location } = renderShell()
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }))
    const drawer = await screen.findByRole('dialog')
    const links = within(drawer).getAllByRole('link')
    expect(links.map((a) => a.textContent)).toContain('Satisfaction')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Open navigation' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Satisfaction' }))
    expect(location.current).toBe('/pages/satisfaction')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})
