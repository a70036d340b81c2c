import type { Meta, StoryObj } from '@storybook/react-vite'
import { LoginPage } from '../src/features/auth/LoginPage'

const meta = {
  title: 'Pages/Auth/Login',
  component: LoginPage,
  parameters: { layout: 'fullscreen' },
  args: {
    email: '',
    password: '',
    errors: {},
    isLoading: false,
    canSubmit: false,
    onChange: () => {},
    onSubmit: () => {},
  },
} satisfies Meta<typeof LoginPage>

export default meta
type Story = StoryObj<typeof meta>

/** First visit: nothing typed, the button is disabled. */
export const Empty: Story = {}

/** E-mail ≥ 4 and password ≥ 2 characters: the button is enabled. */
export const Valid: Story = {
  args: { email: 'marie@boulangerie-dupont.fr', password: 'croissant', canSubmit: true },
}

/** Request in flight: the button spins, is busy and disabled. */
export const Loading: Story = {
  args: { email: 'marie@boulangerie-dupont.fr', password: 'croissant', canSubmit: true, isLoading: true },
}

/** The server rejected the fields (§8: errors on e-mail/password are shown on the fields). */
export const FieldErrors: Story = {
  args: {
    email: 'ma',
    password: 'x',
    canSubmit: false,
    errors: { email: 'auth.login.errors.emailMin', password: 'auth.login.errors.passwordMin' },
  },
}

/** Wrong credentials: a message for the whole form. */
export const InvalidCredentials: Story = {
  args: {
    email: 'marie@boulangerie-dupont.fr',
    password: 'croissant',
    canSubmit: true,
    errors: { form: 'auth.login.errors.wrongCredentials' },
  },
}
