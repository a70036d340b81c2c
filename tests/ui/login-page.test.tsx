import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FORGOT_PASSWORD_PATH, LoginPage, type LoginPageProps } from '../../src/features/auth/LoginPage'
import { account } from '../support/fixtures'
import { DEMO_PASSWORD, renderApp } from '../support/session-harness'
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

/** The login page as the app shows it: the real session and login machines, fake API calls. */
async function openLogin(options: Parameters<typeof renderApp>[0] = {}) {
  const app = renderApp({ path: '/login', ...options })
  await screen.findByRole('heading', { level: 1 })
  return app
}

describe('Login page (in the app, on the login machine)', () => {
  afterEach(() => vi.restoreAllMocks())

  it('keeps the button disabled until e-mail has 4 and password 2 characters', async () => {
    const { user, api } = await openLogin()
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
    expect(api.signIn).not.toHaveBeenCalled()
  })

  it("shows a field's errors only once it was left", async () => {
    const { user } = await openLogin()
    // aria-invalid, not :invalid: "abc" is also a type mismatch for the browser's own e-mail check.
    const flagged = (input: HTMLElement) => input.getAttribute('aria-invalid') === 'true'
    await user.type(emailInput(), 'abc')
    expect(flagged(emailInput())).toBe(false)
    await user.click(passwordInput())
    expect(flagged(emailInput())).toBe(true)
    await waitFor(() => expect(emailInput()).toHaveAccessibleErrorMessage('Enter at least 4 characters.'))
    expect(flagged(passwordInput())).toBe(false)
    await user.tab()
    await waitFor(() => expect(passwordInput()).toHaveAccessibleErrorMessage('This field is required.'))
    await user.type(emailInput(), 'd')
    expect(flagged(emailInput())).toBe(false)
  })

  it('shows a wrong password as an alert (and a toast), keeping what was typed', async () => {
    const { user, api, effects, location } = await openLogin()
    await user.type(emailInput(), 'owner@demo.test')
    await user.type(passwordInput(), 'not-the-password')
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect e-mail or password.')
    expect(api.signIn).toHaveBeenCalledWith({ email: 'owner@demo.test', password: 'not-the-password' })
    expect(effects.notices).toEqual([{ level: 'error', id: 'auth.login.errors.wrongCredentials' }])
    expect(emailInput()).toHaveValue('owner@demo.test')
    expect(submitButton()).toBeEnabled()
    expect(location.current).toBe('/login')
  })

  it('is busy while signing in, then leaves the login page', async () => {
    let answer: (value: { id: string; userId: string }) => void = () => {}
    const { user, location } = await openLogin({
      api: {
        signIn: () => new Promise((resolve) => (answer = resolve)),
        loadAccount: async () => account('owner'),
      },
    })
    await user.type(emailInput(), 'owner@demo.test')
    await user.type(passwordInput(), DEMO_PASSWORD)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-busy', 'true'))
    expect(submitButton()).toBeDisabled()
    answer({ id: 'token', userId: 'u' })
    await waitFor(() => expect(location.current).toBe('/pages/dashboards/analytics'))
  })

  it('shows and hides the password with the toggle', async () => {
    const { user } = await openLogin()
    await user.type(passwordInput(), 'croissant')
    expect(passwordInput()).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(passwordInput()).toHaveAttribute('type', 'text')
    expect(passwordInput()).toHaveValue('croissant')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(passwordInput()).toHaveAttribute('type', 'password')
  })

  it('links to the forgot-password page', async () => {
    const { user, location } = await openLogin()
    const link = screen.getByRole('link', { name: 'Forgot password?' })
    expect(link).toHaveAttribute('href', FORGOT_PASSWORD_PATH)
    await user.click(link)
    expect(location.current).toBe('/pages/auth/forgot-password')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument()
  })

  it('links to the sign-up page', async () => {
    const { user, location } = await openLogin()
    await user.click(screen.getByRole('link', { name: 'Create an account' }))
    expect(location.current).toBe('/register')
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument()
  })

  it('is in French by default (a browser that is not en-US)', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE')
    await openLogin({ locale: null })
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeDisabled()
    expect(screen.getByRole('link', { name: /Mot de passe oublié/ })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Créer un compte' })).toBeInTheDocument()
  })

  it('is in English for an en-US browser', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
    await openLogin({ locale: null })
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
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
