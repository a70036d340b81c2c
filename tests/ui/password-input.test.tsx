import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PasswordInput } from '../../src/ui/PasswordInput'
import { renderUi } from './render'

// A password input has no ARIA role; the label is how users (and we) find it.
const passwordField = () => screen.getByLabelText('Password', { selector: 'input' })

describe('PasswordInput', () => {
  it('hides the password until the toggle is pressed, then hides it again', async () => {
    const { user } = renderUi(<PasswordInput label="Password" />)
    const input = passwordField()
    await user.type(input, 'croissant')
    expect(input).toHaveAttribute('type', 'password')

    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(input).toHaveAttribute('type', 'text')
    expect(input).toHaveValue('croissant')

    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(input).toHaveAttribute('type', 'password')
  })

  it('lets keyboard users reach and use the toggle', async () => {
    const { user } = renderUi(<PasswordInput label="Password" />)
    await user.tab()
    expect(passwordField()).toHaveFocus()
    await user.tab()
    const toggle = screen.getByRole('button', { name: 'Show password' })
    expect(toggle).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(passwordField()).toHaveAttribute('type', 'text')
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveFocus()
    await user.keyboard(' ')
    expect(passwordField()).toHaveAttribute('type', 'password')
  })

  it('names the toggle in the active language', () => {
    renderUi(<PasswordInput label="Mot de passe" />, { locale: 'fr' })
    expect(screen.getByRole('button', { name: 'Afficher le mot de passe' })).toBeInTheDocument()
  })

  it('shows the error on the field', async () => {
    renderUi(<PasswordInput label="Password" invalid errorText="Too short" />)
    expect(passwordField()).toBeInvalid()
    // Ark links the error text (aria-errormessage) once it has seen it appear, hence the wait.
    await waitFor(() => expect(passwordField()).toHaveAccessibleErrorMessage('Too short'))
  })
})
