import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../support/session-harness'

const nameInput = () => screen.getByRole('textbox', { name: 'Your name' })
const emailInput = () => screen.getByRole('textbox', { name: 'E-mail' })
const passwordInput = () => screen.getByLabelText(/^Password/, { selector: 'input' })
const confirmationInput = () => screen.getByLabelText(/^Confirm the password/, { selector: 'input' })
const submitButton = () => screen.getByRole('button', { name: 'Create my account' })

async function openRegister(options: Parameters<typeof renderApp>[0] = {}, title = 'Create your account') {
  const app = renderApp({ path: '/register', ...options })
  await screen.findByRole('heading', { level: 1, name: title })
  return app
}

/** Fills the form as a paste into each field (typing key by key is slow on a loaded machine). */
async function fill(user: ReturnType<typeof renderApp>['user'], email = 'marie@boulangerie-dupont.fr') {
  for (const [input, value] of [
    [nameInput(), 'Marie Dupont'],
    [emailInput(), email],
    [passwordInput(), 'croissant-au-beurre'],
    [confirmationInput(), 'croissant-au-beurre'],
  ] as const) {
    await user.click(input)
    await user.paste(value)
  }
}

describe('Sign-up page (/register)', () => {
  it('sends the sign-up and says to check the inbox, whatever the address (issue 34)', async () => {
    const { user, api, location } = await openRegister()
    expect(submitButton()).toBeDisabled()
    await fill(user, '  marie@boulangerie-dupont.fr ')
    expect(submitButton()).toBeEnabled()
    await user.click(submitButton())
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeInTheDocument()
    expect(screen.getByText(/We have sent a message to marie@boulangerie-dupont\.fr\./)).toBeInTheDocument()
    expect(api.signUp).toHaveBeenCalledWith({
      displayName: 'Marie Dupont',
      email: 'marie@boulangerie-dupont.fr',
      password: 'croissant-au-beurre',
    })
    // No account yet: nobody is signed in until the mailed link is followed.
    expect(location.current).toBe('/register')
    expect(api.loadAccount).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Change my details' }))
    // What was typed is back (an e-mail input shows it without the spaces around).
    expect(emailInput()).toHaveValue('marie@boulangerie-dupont.fr')
  })

  it('lists why “Create my account” is disabled before any field is left, until nothing is missing', async () => {
    const { user } = await openRegister()
    expect(submitButton()).toBeDisabled()
    expect(submitButton()).toHaveAccessibleDescription(
      'Still needed to create your account: Your name — This field is required. ' +
        'E-mail — This field is required. Password — This field is required. ' +
        'Confirm the password — This field is required.',
    )
    await user.type(nameInput(), 'Marie Dupont')
    await user.type(emailInput(), 'marie@boulangerie')
    await user.type(passwordInput(), 'court')
    const missing = () => screen.getAllByRole('listitem').map((li) => li.textContent)
    expect(missing()).toEqual([
      'E-mail — Enter a valid e-mail address.',
      'Password — Use at least 8 characters.',
      'Confirm the password — This field is required.',
    ])
    await user.type(emailInput(), '-dupont.fr')
    await user.clear(passwordInput())
    await user.type(passwordInput(), 'croissant-au-beurre')
    await user.type(confirmationInput(), 'croissant')
    expect(missing()).toEqual(['Confirm the password — The passwords do not match.'])
    await user.type(confirmationInput(), '-au-beurre')
    expect(screen.queryByText('Still needed to create your account:')).not.toBeInTheDocument()
    expect(submitButton()).toBeEnabled()
  })

  it('lists what is missing in French too', async () => {
    const { user } = await openRegister({ locale: 'fr' }, 'Créez votre compte')
    await user.type(screen.getByRole('textbox', { name: 'Votre nom' }), 'Marie')
    expect(screen.getByText('Il reste à remplir pour créer votre compte :')).toBeInTheDocument()
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'E-mail — Ce champ est obligatoire.',
      'Mot de passe — Ce champ est obligatoire.',
      'Confirmez le mot de passe — Ce champ est obligatoire.',
    ])
  })

  it('checks every field once left: required, e-mail, 8 characters, same password twice', async () => {
    const { user, api } = await openRegister()
    await user.click(nameInput())
    await user.tab()
    await waitFor(() => expect(nameInput()).toHaveAccessibleErrorMessage('This field is required.'))
    await user.type(emailInput(), 'marie@boulangerie')
    await user.tab()
    await waitFor(() => expect(emailInput()).toHaveAccessibleErrorMessage('Enter a valid e-mail address.'))
    await user.type(passwordInput(), 'court')
    await user.click(confirmationInput())
    await waitFor(() => expect(passwordInput()).toHaveAccessibleErrorMessage('Use at least 8 characters.'))
    await user.clear(passwordInput())
    await user.type(passwordInput(), 'croissant-au-beurre')
    await user.type(confirmationInput(), 'croissant')
    await user.tab()
    await waitFor(() =>
      expect(confirmationInput()).toHaveAccessibleErrorMessage('The passwords do not match.'),
    )
    expect(submitButton()).toBeDisabled()
    expect(api.signUp).not.toHaveBeenCalled()
  })

  it('submits with Enter once valid, not before', async () => {
    const { user, api } = await openRegister()
    await user.type(nameInput(), 'Marie{Enter}')
    expect(api.signUp).not.toHaveBeenCalled()
    await user.type(emailInput(), 'marie@boulangerie-dupont.fr')
    await user.type(passwordInput(), 'croissant-au-beurre')
    await user.type(confirmationInput(), 'croissant-au-beurre{Enter}')
    await waitFor(() => expect(api.signUp).toHaveBeenCalledOnce())
  })

  it('shows a failure of the server above the form, and can be sent again', async () => {
    const { user, api } = await openRegister({
      api: {
        signUp: async () => {
          throw new Error('offline')
        },
      },
    })
    await fill(user)
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.')
    await user.click(submitButton())
    await waitFor(() => expect(api.signUp).toHaveBeenCalledTimes(2))
  })

  it('links back to the login page', async () => {
    const { user, location } = await openRegister()
    await user.click(screen.getByRole('link', { name: 'Log in' }))
    expect(location.current).toBe('/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
  })

  it('is for guests only: a signed-in owner goes to the start page', async () => {
    const { location } = renderApp({ path: '/register', signedInAs: 'owner' })
    await waitFor(() => expect(location.current).toBe('/pages/dashboards/analytics'))
    expect(screen.queryByRole('heading', { name: 'Create your account' })).not.toBeInTheDocument()
  })

  it('speaks French', async () => {
    renderApp({ path: '/register', locale: 'fr' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Créez votre compte' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Créer mon compte' })).toBeDisabled()
  })
})
