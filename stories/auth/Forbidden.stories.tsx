import type { Meta, StoryObj } from '@storybook/react-vite'
import { ForbiddenView } from '../../src/features/auth/ForbiddenPage'

const meta = {
  title: 'Pages/Auth/Forbidden',
  component: ForbiddenView,
  parameters: { layout: 'fullscreen' },
  args: { isSignedIn: false, onLogout: () => {} },
} satisfies Meta<typeof ForbiddenView>

export default meta
type Story = StoryObj<typeof meta>

/** A visitor without a session: a link back to log in. */
export const Guest: Story = {}

/** An account that may not use the back-office (e.g. unpaid, no payment link): log out of it. */
export const SignedIn: Story = { args: { isSignedIn: true } }
