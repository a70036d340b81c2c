// The sign-up link's page (/register/confirm?token=…, issue 34): the link creates the account and
// signs it in, and the route guard goes on to account confirmation; a spent link says so.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp, VALID_SIGN_UP_TOKEN } from '../support/session-harness'

describe('Sign-up link page (/register/confirm)', () => {
  it('creates the account from the link, signs it in and goes on to account confirmation', async () => {
    const { api, location } = renderApp({ path: `/register/confirm?token=${VALID_SIGN_UP_TOKEN}` })
    await waitFor(() => expect(location.current).toBe('/pages/confirmation'))
    expect(api.confirmSignUp).toHaveBeenCalledWith({ token: VALID_SIGN_UP_TOKEN })
    // The session started again with the new account's token.
    expect(api.loadAccount).toHaveBeenCalledOnce()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Activate your account' }),
    ).toBeInTheDocument()
  })

  it('says a spent or expired link no longer works, and offers to sign up again', async () => {
    const { user, location } = renderApp({ path: '/register/confirm?token=AnOldSpentLinkSecret12345' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is invalid or has expired' }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Sign up again' }))
    expect(location.current).toBe('/register')
  })

  it('speaks French', async () => {
    renderApp({ path: '/register/confirm', locale: 'fr' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ce lien est invalide ou a expiré' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Recommencer l’inscription' })).toBeInTheDocument()
  })
})
