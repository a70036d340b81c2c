import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ForbiddenView } from '../../src/features/auth/ForbiddenPage'
import { DEMO_PASSWORD, renderApp } from '../support/session-harness'
import { renderUi } from './render'

describe('Forbidden page', () => {
  it('explains the refusal to a guest and links back to log in', async () => {
    const { user, location } = renderApp({ path: '/pages/auth/forbidden' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument()
    expect(screen.getByText(/no active subscription/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Back to log in' }))
    expect(location.current).toBe('/login')
  })

  it('is where an unpaid account without a payment link lands after login; it can log out', async () => {
    const { user, location } = renderApp({ path: '/login', api: { fetchPaymentLink: async () => null } })
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'unpaid@demo.test')
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), DEMO_PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument()
    expect(location.current).toBe('/pages/auth/forbidden')
    await user.click(screen.getByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(location.current).toBe('/login'))
  })

  it('speaks French', () => {
    renderUi(<ForbiddenView isSignedIn onLogout={() => {}} />, { locale: 'fr' })
    expect(screen.getByRole('heading', { level: 1, name: 'Accès refusé' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument()
  })
})
