import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/client'
import { renderApp, VALID_RESET_TOKEN } from '../support/session-harness'

const PATH = '/pages/auth/reset-password'
const passwordInput = () => screen.getByLabelText(/^New password/, { selector: 'input' })
const confirmationInput = () => screen.getByLabelText(/^Confirm the new password/, { selector: 'input' })
const saveButton = () => screen.getByRole('button', { name: 'Change my password' })

async function openReset(token: string | null, options: Parameters<typeof renderApp>[0] = {}) {
  const app = renderApp({ path: token === null ? PATH : `${PATH}?token=${token}`, ...options })
  await screen.findByRole('heading', { level: 1 })
  return app
}

describe('Reset-password page', () => {
  it('sets the new password with the token of the link, then sends the user to log in', async () => {
    const { user, api, location } = await openReset(VALID_RESET_TOKEN)
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument()
    expect(saveButton()).toBeDisabled()
    await user.type(passwordInput(), 'pain-au-chocolat')
    await user.type(confirmationInput(), 'pain-au-chocolat')
    await user.click(saveButton())
    expect(await screen.findByRole('heading', { level: 1, name: 'Password changed' })).toBeInTheDocument()
    expect(api.resetPassword).toHaveBeenCalledWith({ token: VALID_RESET_TOKEN, password: 'pain-au-chocolat' })
    await user.click(screen.getByRole('link', { name: 'Log in' }))
    expect(location.current).toBe('/login')
  })

  it('needs 8 characters, typed twice the same', async () => {
    const { user, api } = await openReset(VALID_RESET_TOKEN)
    await user.type(passwordInput(), 'court')
    await user.tab()
    await waitFor(() => expect(passwordInput()).toHaveAccessibleErrorMessage('Use at least 8 characters.'))
    await user.clear(passwordInput())
    await user.type(passwordInput(), 'pain-au-chocolat')
    await user.type(confirmationInput(), 'pain-au-chocolab')
    await user.tab()
    await waitFor(() =>
      expect(confirmationInput()).toHaveAccessibleErrorMessage('The passwords do not match.'),
    )
    expect(saveButton()).toBeDisabled()
    expect(api.resetPassword).not.toHaveBeenCalled()
  })

  it('says at once that a link without a token cannot work, and offers a new one', async () => {
    const { user, location } = await openReset(null)
    expect(
      screen.getByRole('heading', { level: 1, name: 'This link is invalid or has expired' }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }))
    expect(location.current).toBe('/pages/auth/forgot-password')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument()
  })

  it('shows the invalid-link screen when the server refuses a used or expired link', async () => {
    const { user, api } = await openReset('AAAAAAAAAAAAAAAAAAAAAAAAAAAA')
    await user.type(passwordInput(), 'pain-au-chocolat')
    await user.type(confirmationInput(), 'pain-au-chocolat{Enter}')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is invalid or has expired' }),
    ).toBeInTheDocument()
    expect(api.resetPassword).toHaveBeenCalledOnce()
  })

  it('keeps the form with an error to retry when the save fails', async () => {
    let fail = true
    const { user } = await openReset(VALID_RESET_TOKEN, {
      api: {
        resetPassword: async () => {
          if (fail) throw new ApiError(503, 'UNAVAILABLE', 'down')
        },
      },
    })
    await user.type(passwordInput(), 'pain-au-chocolat')
    await user.type(confirmationInput(), 'pain-au-chocolat')
    await user.click(saveButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your password could not be changed. Please try again.',
    )
    fail = false
    await user.click(saveButton())
    expect(await screen.findByRole('heading', { level: 1, name: 'Password changed' })).toBeInTheDocument()
  })

  it('shows the toolbar and footer of the shell, without its navigation (§2)', async () => {
    await openReset(VALID_RESET_TOKEN)
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Quick panel' })).not.toBeInTheDocument()
    expect(screen.getByRole('banner')).toContainElement(
      screen.getByRole('link', { name: 'Loyalty back-office: home' }),
    )
    expect(screen.getByRole('contentinfo')).toContainElement(
      screen.getByRole('link', { name: /Contact support/ }),
    )
    expect(screen.getAllByRole('main')).toHaveLength(1)
    // A guest: no user menu.
    expect(screen.queryByRole('button', { name: /account menu$/ })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'EN, language: English' })).toHaveAttribute(
      'aria-haspopup',
      'menu',
    )
  })

  it('keeps the signed-in user’s menu in that toolbar', async () => {
    renderApp({ path: `${PATH}?token=${VALID_RESET_TOKEN}`, signedInAs: 'owner' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /account menu$/ })).toBeInTheDocument()
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
  })

  it('speaks French', async () => {
    renderApp({ path: `${PATH}?token=${VALID_RESET_TOKEN}`, locale: 'fr' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choisissez un nouveau mot de passe' }),
    ).toBeInTheDocument()
  })
})
