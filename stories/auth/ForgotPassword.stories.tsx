import type { Meta, StoryObj } from '@storybook/react-vite'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import {
  type ForgotPasswordContext,
  forgotPasswordMachine,
} from '../../machines/forgot-password/forgot-password.machine'
import { toForgotPasswordView } from '../../machines/forgot-password/forgot-password.view'
import { ApiError } from '../../src/api/client'
import { validateEmail } from '../../src/domain/auth-forms'
import { ForgotPasswordPage } from '../../src/features/auth/ForgotPasswordPage'
import { wait } from '../support/fake'

const EMAIL = 'marie@boulangerie-dupont.fr'

function at(value: 'editing' | 'sending' | 'failed' | 'sent', over: Partial<ForgotPasswordContext> = {}) {
  const email = over.email ?? ''
  const context: ForgotPasswordContext = {
    email,
    touched: false,
    emailError: validateEmail(email) ?? null,
    serverError: null,
    error: null,
    ...over,
  }
  return toForgotPasswordView(forgotPasswordMachine.resolveState({ value, context }))
}

const meta = {
  title: 'Pages/Auth/Forgot password',
  component: ForgotPasswordPage,
  parameters: { layout: 'fullscreen' },
  args: { view: at('editing'), send: () => {} },
} satisfies Meta<typeof ForgotPasswordPage>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

/** The address was left malformed. */
export const InvalidEmail: Story = {
  args: { view: at('editing', { email: 'marie@boulangerie', touched: true }) },
}

export const Sending: Story = { args: { view: at('sending', { email: EMAIL, touched: true }) } }

/** The request did not get through: a retry next to the message. */
export const Failed: Story = {
  args: {
    view: at('failed', { email: EMAIL, touched: true, error: 'auth.forgotPassword.errors.sendFailed' }),
  },
}

/** The confirmation, worded so that it never reveals whether the account exists. */
export const Sent: Story = { args: { view: at('sent', { email: EMAIL, touched: true }) } }

/** The real machine with a fake server that fails once, then sends. */
export const Interactive: Story = {
  render: function Render() {
    let attempts = 0
    const actor = useActorRef(
      forgotPasswordMachine.provide({
        actors: {
          requestPasswordReset: fromPromise<void, { email: string }>(async () => {
            await wait()
            attempts += 1
            if (attempts === 1) throw new ApiError(0, 'NETWORK_ERROR', 'offline')
          }),
        },
      }),
    )
    const view = useSelector(actor, toForgotPasswordView)
    return <ForgotPasswordPage view={view} send={actor.send} />
  },
}
