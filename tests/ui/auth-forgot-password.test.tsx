import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/client'
import { renderApp } from '../support/session-harness'

const PATH = '/pages/auth/forgot-password'
const emailInput = () => screen.getByRole('textbox', { name: 'E-mail' })
const sendButton = () => screen.getByRole('button', { name: 'Send the link' })

async function openForgotPassword(options: Parameters<typeof renderApp>[0] = {}) {
  const app = renderApp({ path: PATH, ...options })
  await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })
  return app
}

describe('Forgot-password page', () => {
  it('sends the link and confirms without saying whether the account exists', async () => {
    const { user, api } = await openForgotPassword()
    expect(sendButton()).toBeDisabled()
    await user.type(emailInput(), 'marie@boulangerie-dupont.fr')
    await user.click(sendButton())
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeInTheDocument()
    expect(
      screen.getByText(/If an account exists for marie@boulangerie-dupont\.fr, we have sent it a link/),
    ).toBeInTheDocument()
    expect(api.requestPasswordReset).toHaveBeenCalledWith({ email: 'marie@boulangerie-dupont.fr' })
  })

  it('links back to the login page from the confirmation', async () => {
    const { user, location } = await openForgotPassword()
    await user.type(emailInput(), 'marie@boulangerie-dupont.fr{Enter}')
    await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })
    await user.click(screen.getByRole('link', { name: 'Back to log in' }))
    expect(location.current).toBe('/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
  })

  it('can send the link again, or go back and use another address', async () => {
    const { user, api } = await openForgotPassword()
    await user.type(emailInput(), 'marie@boulangerie-dupont.fr{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }))
    await waitFor(() => expect(api.requestPasswordReset).toHaveBeenCalledTimes(2))
    await user.click(await screen.findByRole('button', { name: 'Use another address' }))
    expect(emailInput()).toHaveValue('marie@boulangerie-dupont.fr')
    await user.clear(emailInput())
    await user.type(emailInput(), 'contact@boulangerie-dupont.fr{Enter}')
    await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })
    expect(api.requestPasswordReset).toHaveBeenLastCalledWith({ email: 'contact@boulangerie-dupont.fr' })
  })

  it('asks for a valid address once the field is left', async () => {
    const { user, api } = await openForgotPassword()
    await user.type(emailInput(), 'marie@boulangerie')
    await user.tab()
    await waitFor(() => expect(emailInput()).toHaveAccessibleErrorMessage('Enter a valid e-mail address.'))
    expect(sendButton()).toBeDisabled()
    expect(api.requestPasswordReset).not.toHaveBeenCalled()
  })

  it('offers a retry when the e-mail could not be sent', async () => {
    let fail = true
    const { user, api } = await openForgotPassword({
      api: {
        requestPasswordReset: async () => {
          if (fail) throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached')
        },
      },
    })
    await user.type(emailInput(), 'marie@boulangerie-dupont.fr{Enter}')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The e-mail could not be sent. Check your connection and try again.')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeInTheDocument()
    expect(api.requestPasswordReset).toHaveBeenCalledTimes(2)
  })

  it('is open to a signed-in owner too', async () => {
    const { location } = renderApp({ path: PATH, signedInAs: 'owner' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument()
    expect(location.current).toBe(PATH)
  })
})
