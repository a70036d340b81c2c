import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { LoginContainer } from '../../src/features/auth/LoginContainer'
import { FORGOT_PASSWORD_PATH, LoginPage, type LoginPageProps } from '../../src/features/auth/LoginPage'
import { renderUi } from './render'

const props = (overrides: Partial<LoginPageProps> = {}): LoginPageProps => ({
  email: '',
  password: '',
  errors: {},
  isLoading: false,
  canSubmit: false,
  onChange: vi.fn(),
  onSubmit: vi.fn(),
  ...overrides,
})

const emailInput = () => screen.getByRole('textbox', { name: 'E-mail' })
const passwordInput = () => screen.getByLabelText('Password', { selector: 'input' })
const submitButton = () => screen.getByRole('button', { name: 'Log in' })

describe('Login page (container with local state)', () => {
  it('keeps the button disabled until e-mail has 4 and password 2 characters', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const { user } = renderUi(<LoginContainer />, { path: '/login' })
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
    expect(submitButton()).toBeDisabled()

    await user.type(emailInput(), 'abc')
    await user.type(passwordInput(), 'xy')
    expect(submitButton()).toBeDisabled()

    await user.type(emailInput(), 'd')
    expect(submitButton()).toBeEnabled()

    await user.clear(passwordInput())
    await user.type(passwordInput(), 'x')
    expect(submitButton()).toBeDisabled()

    await user.type(passwordInput(), 'y')
    expect(submitButton()).toBeEnabled()
    await user.click(submitButton())
    // Purely presentational for now: nothing leaves the browser.
    expect(fetchSpy).not.toHaveBeenCalled()
    fetchSpy.mockRestore()
  })

  it('shows and hides the password with the toggle', async () => {
    const { user } = renderUi(<LoginContainer />)
    await user.type(passwordInput(), 'croissant')
    expect(passwordInput()).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(passwordInput()).toHaveAttribute('type', 'text')
    expect(passwordInput()).toHaveValue('croissant')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(passwordInput()).toHaveAttribute('type', 'password')
  })

  it('links to the forgot-password page', async () => {
    const { user, location } = renderUi(<LoginContainer />, { path: '/login' })
    const link = screen.getByRole('link', { name: 'Forgot password?' })
    expect(link).toHaveAttribute('href', FORGOT_PASSWORD_PATH)
    await user.click(link)
    expect(location.history?.at(-1)).toBe('/pages/auth/forgot-password')
  })

  it('is in French by default', () => {
    renderUi(<LoginContainer />, { locale: 'fr' })
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeDisabled()
    expect(screen.getByRole('link', { name: /Mot de passe oublié/ })).toBeInTheDocument()
  })
})

describe('Login page (presentational)', () => {
  it('reports typing and submitting through its props', async () => {
    const onChange = vi.fn()
    const onSubmit = vi.fn()
    const { user } = renderUi(<LoginPage {...props({ canSubmit: true, onChange, onSubmit })} />)
    await user.type(emailInput(), 'a')
    expect(onChange).toHaveBeenLastCalledWith('email', 'a')
    await user.type(passwordInput(), 'b')
    expect(onChange).toHaveBeenLastCalledWith('password', 'b')
    await user.click(submitButton())
    expect(onSubmit).toHaveBeenCalledOnce()
  })

  it('submits with Enter from the password field when valid, not when invalid', async () => {
    const onSubmit = vi.fn()
    const { user, rerender } = renderUi(<LoginPage {...props({ onSubmit })} />)
    await user.type(passwordInput(), '{Enter}')
    expect(onSubmit).not.toHaveBeenCalled()
    rerender(<LoginPage {...props({ onSubmit, canSubmit: true, email: 'marie@x.fr', password: 'pw' })} />)
    await user.type(passwordInput(), '{Enter}')
    expect(onSubmit).toHaveBeenCalledOnce()
  })

  it('while loading: the button is busy and disabled', () => {
    renderUi(<LoginPage {...props({ canSubmit: true, isLoading: true })} />)
    expect(submitButton()).toBeDisabled()
    expect(submitButton()).toHaveAttribute('aria-busy', 'true')
  })

  it('shows server errors on the fields and a form error as an alert', async () => {
    renderUi(
      <LoginPage
        {...props({
          errors: {
            email: 'auth.login.errors.emailMin',
            password: 'auth.login.errors.passwordMin',
            form: 'auth.login.errors.wrongCredentials',
          },
        })}
      />,
    )
    expect(emailInput()).toBeInvalid()
    expect(passwordInput()).toBeInvalid()
    await waitFor(() => expect(emailInput()).toHaveAccessibleErrorMessage('Enter at least 4 characters.'))
    await waitFor(() => expect(passwordInput()).toHaveAccessibleErrorMessage('Enter at least 2 characters.'))
    expect(screen.getByRole('alert')).toHaveTextContent('Incorrect e-mail or password.')
  })

  it('shows a message that is not a catalogue id as it is (e.g. a server text)', () => {
    renderUi(<LoginPage {...props({ errors: { form: 'Service unavailable' } })} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Service unavailable')
  })

  it('shows the welcome title and subtitle (the panel is hidden on narrow screens by CSS)', () => {
    renderUi(<LoginPage {...props()} />)
    expect(
      screen.getByRole('heading', { level: 2, name: 'Grow customer loyalty, store after store' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('complementary')).toHaveTextContent('Follow your clients and their points')
  })
})
