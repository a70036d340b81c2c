import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, PAYMENT_URL, renderApp } from '../support/session-harness'

const loginHeading = () => screen.findByRole('heading', { level: 1, name: 'Log in' })

async function signIn(user: ReturnType<typeof renderApp>['user'], email: string) {
  await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), email)
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), DEMO_PASSWORD)
  await user.click(screen.getByRole('button', { name: 'Log in' }))
}

describe('App (real session, login and access machines on fake API calls)', () => {
  it('sends a guest from / to /login', async () => {
    const { location } = renderApp({ path: '/' })
    expect(await loginHeading()).toBeInTheDocument()
    expect(location.current).toBe('/login')
  })

  it('shows a not-found page with a way back to log in for unknown paths', async () => {
    const { user, location } = renderApp({ path: '/nowhere/at/all' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Back to log in' }))
    expect(location.current).toBe('/login')
    expect(await loginHeading()).toBeInTheDocument()
  })

  it('shows the splash while auto-login runs, then the start page of a stored owner session', async () => {
    const { location, api } = renderApp({ path: '/', signedInAs: 'owner' })
    expect(screen.getByRole('status')).toHaveTextContent('Logging in with JWT')
    await waitFor(() => expect(location.current).toBe('/pages/dashboards/analytics'))
    expect(api.loadAccount).toHaveBeenCalledOnce()
  })

  it('signs an owner in and lands on the analytics dashboard', async () => {
    const { user, location, api } = renderApp({ path: '/login' })
    await signIn(user, 'owner@demo.test')
    await waitFor(() => expect(location.current).toBe('/pages/dashboards/analytics'))
    expect(api.signIn).toHaveBeenCalledWith({ email: 'owner@demo.test', password: DEMO_PASSWORD })
    expect(screen.queryByRole('heading', { name: 'Log in' })).not.toBeInTheDocument()
  })

  it('takes a guest on a deep link to log in, then back to the deep link', async () => {
    const { user, location } = renderApp({ path: '/pages/user/clients?page=2' })
    expect(await loginHeading()).toBeInTheDocument()
    expect(location.current).toBe('/login?redirect=%2Fpages%2Fuser%2Fclients%3Fpage%3D2')
    await signIn(user, 'owner@demo.test')
    await waitFor(() => expect(location.current).toBe('/pages/user/clients?page=2'))
  })

  it('sends a registered user to account confirmation', async () => {
    const { user, location } = renderApp({ path: '/login' })
    await signIn(user, 'registered@demo.test')
    await waitFor(() => expect(location.current).toBe('/pages/confirmation'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Activate your account' }),
    ).toBeInTheDocument()
  })

  it('sends an admin to administration', async () => {
    const { user, location } = renderApp({ path: '/login' })
    await signIn(user, 'admin@demo.test')
    await waitFor(() => expect(location.current).toBe('/pages/admin/dashboard'))
  })

  it('refuses a customer account with "unauthorized" and stays on the login page', async () => {
    const { user, location, api } = renderApp({ path: '/login' })
    await signIn(user, 'customer@demo.test')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account is not allowed to use the back-office.',
    )
    expect(api.revokeSession).toHaveBeenCalled()
    expect(location.current).toBe('/login')
  })

  it('sends an account that has not paid to its payment link with a full page load', async () => {
    const { user, effects } = renderApp({ path: '/login' })
    await signIn(user, 'unpaid@demo.test')
    await waitFor(() => expect(effects.pageLoads).toEqual([PAYMENT_URL]))
  })

  it('sends an unpaid account without a payment link to forbidden, from startup too', async () => {
    const { user, location } = renderApp({
      path: '/pages/dashboards/analytics',
      signedInAs: 'unpaid',
      api: { fetchPaymentLink: async () => null },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument()
    expect(location.current).toBe('/pages/auth/forbidden')
    await user.click(screen.getByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(location.current).toBe('/login'))
    expect(await loginHeading()).toBeInTheDocument()
  })

  it('logs out to the login page when an owner visits /pages/auth/forbidden and leaves', async () => {
    const { user, location, api } = renderApp({ path: '/pages/auth/forbidden', signedInAs: 'owner' })
    await user.click(await screen.findByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(location.current).toBe('/login'))
    expect(api.revokeSession).toHaveBeenCalledOnce()
  })
})
